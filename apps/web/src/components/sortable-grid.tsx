import {
  type Announcements,
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import type { ReactNode } from "react";

/**
 * Items reordered by drag and drop (pointer, touch, or keyboard: Space to lift, arrows to move,
 * Space to drop, Escape to cancel) in a grid, with spoken `announcements` and `instructions`.
 * `onMove(from, to)` gets the indexes in `ids`; the items themselves use dnd-kit's useSortable.
 * A pointer drags once it has moved `dragDistance` pixels (a click stays a click).
 */
export function SortableGrid({
  ids,
  onMove,
  announcements,
  instructions,
  dragDistance,
  disabled,
  children,
}: {
  ids: readonly string[];
  onMove: (from: number, to: number) => void;
  announcements: Announcements;
  instructions: string;
  dragDistance: number;
  disabled?: boolean;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: dragDistance } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={({ active, over }) => {
        if (!over || active.id === over.id) return;
        onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
      }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
    >
      <SortableContext items={ids as string[]} strategy={rectSortingStrategy} disabled={disabled}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

import type { Announcements } from "@dnd-kit/core";
import { arrayMove, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVerticalIcon, XIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SortableGrid } from "@/components/sortable-grid";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * The credit pages in their order, reorderable by drag and drop (pointer, touch or keyboard: focus a
 * handle, Space to lift, arrows to move, Space to drop, Escape to cancel), each removable.
 * `keys` is the order; `urls` maps a storage key to its picture.
 */
export function CreditPagesList({
  keys,
  urls,
  readOnly,
  onChange,
}: {
  keys: readonly string[];
  urls: ReadonlyMap<string, string>;
  readOnly: boolean;
  onChange: (keys: string[]) => void;
}) {
  const { t } = useTranslation();
  const position = (id: string | number) => keys.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("teams.credit.dnd.pickedUp", { n: position(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t("teams.credit.dnd.movedOver", { n: position(active.id), position: position(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t("teams.credit.dnd.dropped", { n: position(active.id), position: position(over.id) })
        : undefined,
    onDragCancel: ({ active }) => t("teams.credit.dnd.cancelled", { n: position(active.id) }),
  };

  return (
    <SortableGrid
      ids={keys}
      onMove={(from, to) => onChange(arrayMove([...keys], from, to))}
      announcements={announcements}
      instructions={t("teams.credit.pagesHint", { max: keys.length, size: "" })}
      dragDistance={4}
      disabled={readOnly}
    >
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6">
        {keys.map((key, index) => (
          <SortablePage
            key={key}
            id={key}
            index={index}
            url={urls.get(key)}
            readOnly={readOnly}
            onRemove={() => onChange(keys.filter((other) => other !== key))}
          />
        ))}
      </ol>
    </SortableGrid>
  );
}

function SortablePage({
  id,
  index,
  url,
  readOnly,
  onRemove,
}: {
  id: string;
  index: number;
  url: string | undefined;
  readOnly: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled: readOnly });
  const n = index + 1;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        "group relative overflow-hidden rounded-lg border bg-card shadow-sm",
        isDragging && "z-10 shadow-lg ring-2 ring-primary",
      )}
    >
      <div className="aspect-[2/3] bg-muted">
        {url && (
          <img
            src={url}
            alt={t("teams.credit.page", { n })}
            className="size-full object-cover"
            draggable={false}
          />
        )}
      </div>
      <div className="flex items-center gap-1 border-t px-1.5 py-1">
        {!readOnly && (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={t("teams.credit.moveHandle", { n })}
            className="flex size-7 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing"
          >
            <GripVerticalIcon aria-hidden className="size-4" />
          </button>
        )}
        <span className="flex-1 text-muted-foreground text-xs tabular-nums">
          {t("teams.credit.page", { n })}
        </span>
        {!readOnly && (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t("teams.credit.removePage", { n })}
            onClick={onRemove}
          >
            <XIcon aria-hidden />
          </Button>
        )}
      </div>
    </li>
  );
}

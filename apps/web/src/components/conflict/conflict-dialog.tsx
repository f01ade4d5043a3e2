import { lazy, Suspense } from "react";
import { useOpenedOnce } from "@/components/modal/use-opened-once";
import type { FieldChange } from "@/lib/version-conflict";

const ConflictAlert = lazy(() => import("./conflict-alert").then((m) => ({ default: m.ConflictAlert })));

export type ConflictDialogProps = {
  open: boolean;
  /**
   * "save": the server refused a save based on an older copy (409);
   * "changed": fresher data arrived while the user was editing.
   */
  mode: "save" | "changed";
  /** What the record is, as the user calls it ("Chương 3", "Nhóm Hoa Mai"). */
  subject: string;
  changes: FieldChange[];
  busy: boolean;
  /** Take the server's copy (the user's unsaved changes are dropped). */
  onReload: () => void;
  /** "save": save the user's copy over the newer one; "changed": keep editing on top of it. */
  onOverwrite: () => void;
  onCancel: () => void;
};

/**
 * The one dialog every form shows when its record changed elsewhere: the fields that changed
 * (before -> now), and the two ways out, taking the server's copy or overwriting knowingly. Loaded
 * when it first opens (`useOpenedOnce`): no form's page downloads it up front.
 */
export function ConflictDialog(props: ConflictDialogProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConflictAlert {...props} />
    </Suspense>
  );
}

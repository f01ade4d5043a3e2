import { SaveIcon } from "lucide-react";
import { ActionButton } from "@/components/action-button";

/**
 * A settings form's Save button, at the end of the form (kept in view at the bottom of a phone's
 * screen), with an optional `note` beside it (e.g. "unsaved changes", hidden on phones).
 */
export function SaveBar({
  pending,
  label,
  pendingLabel,
  note,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  note?: string;
}) {
  return (
    <div className="flex items-center justify-end gap-3 max-sm:sticky max-sm:bottom-3 max-sm:z-10">
      {note && <span className="text-muted-foreground text-sm max-sm:hidden">{note}</span>}
      <ActionButton
        type="submit"
        size="lg"
        pending={pending}
        icon={<SaveIcon aria-hidden />}
        label={label}
        pendingLabel={pendingLabel}
        className="max-sm:w-full max-sm:shadow-lg"
      />
    </div>
  );
}

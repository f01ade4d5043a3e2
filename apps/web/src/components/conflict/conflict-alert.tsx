import { ArrowRightIcon, LoaderCircleIcon, TriangleAlertIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AlertShell } from "@/components/alert-shell";
import { AlertDialogCancel } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import type { FieldChange } from "@/lib/version-conflict";

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

/** The conflict dialog's content, loaded when it first opens (ConflictDialog, conflict-dialog.tsx). */
export function ConflictAlert({
  open,
  mode,
  subject,
  changes,
  busy,
  onReload,
  onOverwrite,
  onCancel,
}: ConflictDialogProps) {
  const { t } = useTranslation();
  return (
    <AlertShell
      open={open}
      busy={busy}
      onDismiss={onCancel}
      data-testid="conflict-dialog"
      className="max-h-[90dvh] overflow-y-auto"
      icon={<TriangleAlertIcon aria-hidden className="mx-auto size-10 text-amber-500 sm:mx-0" />}
      title={mode === "save" ? t("conflict.saveTitle") : t("conflict.changedTitle")}
      description={
        mode === "save"
          ? t("conflict.saveDescription", { subject })
          : t("conflict.changedDescription", { subject })
      }
      footerClassName="gap-2"
      footer={
        <>
          <AlertDialogCancel disabled={busy}>{t("common.cancel")}</AlertDialogCancel>
          <Button variant="outline" onClick={onOverwrite} disabled={busy}>
            {busy && <LoaderCircleIcon aria-hidden className="animate-spin" />}
            {mode === "save" ? t("conflict.overwrite") : t("conflict.keepMine")}
          </Button>
          <Button onClick={onReload} disabled={busy}>
            {t("conflict.reload")}
          </Button>
        </>
      }
    >
      {changes.length > 0 ? (
        <div className="grid gap-1.5">
          <p className="font-medium text-sm">{t("conflict.whatChanged")}</p>
          <ul className="grid gap-2 text-sm" aria-label={t("conflict.whatChanged")}>
            {changes.map((change) => (
              <li
                key={change.label}
                className="grid gap-1 rounded-lg border bg-muted/40 px-3 py-2"
                data-testid="conflict-change"
              >
                <span className="font-medium">{change.label}</span>
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1 break-words">
                  <span className="sr-only">{t("conflict.before")}</span>
                  <span className="text-muted-foreground line-through">{change.before}</span>
                  <ArrowRightIcon aria-hidden className="size-4 shrink-0" />
                  <span className="sr-only">{t("conflict.now")}</span>
                  <span className="font-semibold">{change.now}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-muted-foreground text-sm">{t("conflict.nothingVisible")}</p>
      )}
      <p className="text-muted-foreground text-sm">
        {mode === "save" ? t("conflict.saveHint") : t("conflict.changedHint")}
      </p>
    </AlertShell>
  );
}

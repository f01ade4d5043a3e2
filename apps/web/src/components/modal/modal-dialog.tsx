import { CircleCheckIcon, LoaderCircleIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AlertShell } from "@/components/alert-shell";
import { AlertDialogCancel } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import type { ConfirmOptions, SuccessOptions } from "./modal-context";

/** Equal once case, spacing and a final full stop are ignored ("Đã gửi yêu cầu gộp." = "Đã gửi yêu cầu gộp"). */
function sameText(a: unknown, b: unknown): boolean {
  if (typeof a !== "string" || typeof b !== "string") return false;
  const norm = (s: string) =>
    s
      .normalize("NFC")
      .replace(/\s+/g, " ")
      .replace(/[.!]\s*$/, "")
      .trim()
      .toLocaleLowerCase();
  return norm(a) === norm(b);
}

export type ModalView =
  | { type: "confirm"; options: ConfirmOptions }
  | { type: "success"; options: SuccessOptions };

/** The confirm / success alert dialog drawn by ModalProvider (loaded on first use). */
export function ModalDialog({
  modal,
  busy,
  onConfirm,
  onDismiss,
}: {
  modal: ModalView | null;
  busy: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  // A description that only repeats the title (the server's "Đã gửi yêu cầu gộp" under the same
  // title) is not shown twice; screen readers still get it.
  const shownDescription =
    !!modal?.options.description && !sameText(modal.options.description, modal.options.title);
  return (
    <AlertShell
      open={modal !== null}
      busy={busy}
      onDismiss={onDismiss}
      icon={
        modal?.type === "success" && (
          <CircleCheckIcon aria-hidden className="mx-auto size-10 text-primary sm:mx-0" />
        )
      }
      title={modal?.options.title}
      description={shownDescription ? modal?.options.description : modal?.options.title}
      descriptionClassName={shownDescription ? undefined : "sr-only"}
      footer={
        modal?.type === "confirm" ? (
          <>
            <AlertDialogCancel disabled={busy}>{t("modal.cancel")}</AlertDialogCancel>
            <Button
              variant={modal.options.destructive ? "destructive" : "default"}
              onClick={onConfirm}
              disabled={busy}
              aria-busy={busy}
            >
              {busy && <LoaderCircleIcon className="animate-spin" aria-hidden />}
              {modal.options.confirmLabel ?? t("modal.confirm")}
            </Button>
          </>
        ) : (
          <Button onClick={onDismiss}>{t("modal.confirm")}</Button>
        )
      }
    />
  );
}

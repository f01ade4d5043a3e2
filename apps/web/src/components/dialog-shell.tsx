import type { ComponentProps, FormEventHandler, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ActionButton } from "@/components/action-button";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { useReturnFocus } from "@/components/use-return-focus";

/**
 * The one frame of the app's dialogs: title, optional description, the body and the footer's
 * buttons. With `onSubmit` the whole frame is a form (Enter submits, the footer's submit button
 * sends it). `trigger` is the button that opens it, when the dialog owns one. When it closes, focus
 * goes back to whatever opened it (useReturnFocus).
 */
export function DialogShell({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  closeLabel,
  className,
  headerClassName,
  onSubmit,
  formClassName = "grid gap-4",
  footer,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** The close (X) button's label; "Đóng" by default. */
  closeLabel?: string;
  /** Classes of the dialog's content box (width, padding). */
  className?: string;
  headerClassName?: string;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  formClassName?: string;
  footer?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus(open);
  const inner = (
    <>
      <DialogHeader className={headerClassName}>
        <DialogTitle>{title}</DialogTitle>
        {description !== undefined && <DialogDescription>{description}</DialogDescription>}
      </DialogHeader>
      {children}
      {footer && <DialogFooter>{footer}</DialogFooter>}
    </>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent
        closeLabel={closeLabel ?? t("common.close")}
        className={className}
        onCloseAutoFocus={returnFocus}
      >
        {onSubmit ? (
          <form noValidate onSubmit={onSubmit} className={formClassName}>
            {inner}
          </form>
        ) : (
          inner
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The usual footer of a dialog: Cancel (when `onCancel` is given) and the main button, a submit
 * button of the dialog's form unless `onConfirm` makes it a plain one. While `pending` the main
 * button shows a spinner in place of its icon and is disabled.
 */
export function DialogActions({
  onCancel,
  cancelDisabled = false,
  label,
  icon,
  pending = false,
  disabled = pending,
  variant = "default",
  onConfirm,
}: {
  onCancel?: () => void;
  cancelDisabled?: boolean;
  label: ReactNode;
  icon?: ReactNode;
  pending?: boolean;
  disabled?: boolean;
  variant?: ComponentProps<typeof Button>["variant"];
  onConfirm?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {onCancel && (
        <Button variant="outline" onClick={onCancel} disabled={cancelDisabled}>
          {t("common.cancel")}
        </Button>
      )}
      <ActionButton
        type={onConfirm ? "button" : "submit"}
        onClick={onConfirm}
        pending={pending}
        disabled={disabled}
        icon={icon}
        variant={variant}
        label={label}
      />
    </>
  );
}

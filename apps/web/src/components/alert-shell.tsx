import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { useReturnFocus } from "@/components/use-return-focus";

/**
 * The frame of the alert dialogs (confirm, success, conflict): an icon over the title, the
 * description, the body and the footer. Closing it (Escape) calls `onDismiss` unless `busy`; focus
 * then goes back to what opened it (useReturnFocus).
 */
export function AlertShell({
  open,
  busy,
  onDismiss,
  icon,
  title,
  description,
  descriptionClassName,
  footer,
  footerClassName,
  children,
  ...content
}: {
  open: boolean;
  busy: boolean;
  onDismiss: () => void;
  icon?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  descriptionClassName?: string;
  footer: ReactNode;
  footerClassName?: string;
  children?: ReactNode;
  className?: string;
  "data-testid"?: string;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onDismiss();
      }}
    >
      {open && (
        <AlertDialogContent {...content} onCloseAutoFocus={returnFocus}>
          <AlertDialogHeader>
            {icon}
            <AlertDialogTitle>{title}</AlertDialogTitle>
            <AlertDialogDescription className={descriptionClassName}>{description}</AlertDialogDescription>
          </AlertDialogHeader>
          {children}
          <AlertDialogFooter className={footerClassName}>{footer}</AlertDialogFooter>
        </AlertDialogContent>
      )}
    </AlertDialog>
  );
}

import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";

/**
 * The frame of the alert dialogs (confirm, success, conflict): an icon over the title, the
 * description, the body and the footer. Closing it (Escape) calls `onDismiss` unless `busy`.
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
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onDismiss();
      }}
    >
      {open && (
        <AlertDialogContent {...content}>
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

import { LoaderCircleIcon, SendIcon } from "lucide-react";
import type { FormEventHandler, ReactNode } from "react";
import type { FieldErrors } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { RequiredFieldsAlert } from "@/components/required-fields-alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/** The frame of the request dialogs (delete, merge, permission): title, fields, Cancel / Send. */
export function RequestDialog({
  open,
  onOpenChange,
  title,
  description,
  pending,
  onSubmit,
  submitLabel,
  destructive = false,
  errors,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel?: string;
  destructive?: boolean;
  /** The form's errors: a submit with required fields empty also says so (spec §5). */
  errors?: FieldErrors;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent closeLabel={t("common.close")}>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          {errors && <RequiredFieldsAlert errors={errors} />}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={pending} variant={destructive ? "destructive" : "default"}>
              {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <SendIcon aria-hidden />}
              {pending ? t("comics.requests.sending") : (submitLabel ?? t("comics.requests.send"))}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

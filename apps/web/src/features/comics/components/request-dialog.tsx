import { zodResolver } from "@hookform/resolvers/zod";
import type { ComicDetail } from "@vt/shared/api-schemas";
import { SendIcon } from "lucide-react";
import type { FormEventHandler, ReactNode } from "react";
import { type DefaultValues, type FieldErrors, type UseFormReturn, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { ZodType } from "zod";
import { DialogActions, DialogShell } from "@/components/dialog-shell";
import { FormField } from "@/components/form-field";
import { useModal } from "@/components/modal/use-modal";
import { RequiredFieldsAlert } from "@/components/required-fields-alert";
import { Textarea } from "@/components/ui/textarea";
import { useFieldError } from "@/lib/use-field-error";
import { TeamField } from "./team-field";

/** The frame of the request dialogs (delete, merge, permission, person delete): title, fields, Cancel / Send. */
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
  /** The form's errors: a submit with required fields empty also says so. */
  errors?: FieldErrors;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={title}
      description={description}
      onSubmit={onSubmit}
      footer={
        <DialogActions
          onCancel={() => onOpenChange(false)}
          cancelDisabled={pending}
          pending={pending}
          icon={<SendIcon aria-hidden />}
          variant={destructive ? "destructive" : "default"}
          label={pending ? t("comics.requests.sending") : (submitLabel ?? t("comics.requests.send"))}
        />
      }
    >
      {children}
      {errors && <RequiredFieldsAlert errors={errors} />}
    </DialogShell>
  );
}

/** The props of a dialog that files a request about one comic (delete, merge). */
export type ComicRequestDialogProps = {
  comic: ComicDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type RequestFormInput = { teamId: number | null; reason: string };

/**
 * The form of a request dialog: reset to `defaults` when closed; once `send` answers, the dialog
 * closes and the server's message is shown under `successTitle`. `dialog` holds the RequestDialog
 * props that follow from it.
 */
export function useRequestForm<T extends RequestFormInput>({
  open,
  schema,
  defaults,
  onOpenChange,
  send,
  pending,
  successTitle,
}: {
  open: boolean;
  schema: ZodType;
  defaults: T;
  onOpenChange: (open: boolean) => void;
  send: (values: T) => Promise<{ message: string } | undefined>;
  pending: boolean;
  successTitle: string;
}) {
  const modal = useModal();
  const form = useForm<T>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaults as DefaultValues<T>,
  });
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) form.reset(defaults);
  };
  const submit = form.handleSubmit(async (values) => {
    const done = await send(values).catch(() => undefined);
    if (!done) return;
    close(false);
    void modal.success({ title: successTitle, description: done.message });
  });
  return {
    form,
    dialog: { open, onOpenChange: close, onSubmit: submit, errors: form.formState.errors, pending },
  };
}

/** The requesting team and the reason, the fields every request asks for. */
export function RequestFields<T extends RequestFormInput>({
  form,
  teams,
  placeholder,
  rows = 3,
}: {
  form: UseFormReturn<T>;
  teams: { id: number; name: string }[];
  placeholder: string;
  rows?: number;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const base = form as unknown as UseFormReturn<RequestFormInput>;
  return (
    <>
      <TeamField control={base.control} name="teamId" teams={teams} label={t("comics.requests.team")} />
      <FormField
        label={t("fields.reason")}
        error={fieldError(base.formState.errors.reason, "reason", { max: 1000 })}
      >
        <Textarea rows={rows} placeholder={placeholder} {...base.register("reason")} />
      </FormField>
    </>
  );
}

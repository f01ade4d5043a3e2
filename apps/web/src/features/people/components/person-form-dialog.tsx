import { zodResolver } from "@hookform/resolvers/zod";
import { PERSON_NAME_MAX, type TPerson, type TPersonKind, ZPersonBody } from "@vt/shared/contracts/people";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DialogActions, DialogShell } from "@/components/dialog-shell";
import { FormField } from "@/components/form-field";
import { RequiredFieldsAlert } from "@/components/required-fields-alert";
import { Input } from "@/components/ui/input";
import { toast } from "@/lib/toast";
import { useCreatePerson } from "../api/create-person";
import { useUpdatePerson } from "../api/update-person";

/** Creates a person of `kind`, or renames `person` when one is given. */
export function PersonFormDialog({
  kind,
  open,
  person,
  onOpenChange,
}: {
  kind: TPersonKind;
  open: boolean;
  person: TPerson | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const create = useCreatePerson(kind);
  const update = useUpdatePerson(kind);
  const pending = create.isPending || update.isPending;
  const form = useForm({ resolver: zodResolver(ZPersonBody), defaultValues: { name: person?.name ?? "" } });

  useEffect(() => {
    if (open) form.reset({ name: person?.name ?? "" });
  }, [open, person, form]);

  const submit = form.handleSubmit(async (values) => {
    const saved = await (person
      ? update.mutateAsync({ ...values, personId: person.id })
      : create.mutateAsync(values)
    ).catch(() => undefined);
    if (!saved) return;
    toast.success(person ? t("success.updated") : t("success.created"));
    onOpenChange(false);
  });

  const error = form.formState.errors.name?.message;
  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={person ? t(`people.${kind}.editTitle`) : t(`people.${kind}.createTitle`)}
      onSubmit={submit}
      footer={
        <DialogActions
          onCancel={() => onOpenChange(false)}
          cancelDisabled={pending}
          pending={pending}
          label={pending ? t("people.saving") : t("people.save")}
        />
      }
    >
      <FormField
        label={t("fields.name")}
        error={
          error
            ? t(error as "validation.required", { field: t("fields.name"), max: PERSON_NAME_MAX })
            : undefined
        }
      >
        <Input autoFocus autoComplete="off" {...form.register("name")} />
      </FormField>
      <RequiredFieldsAlert errors={form.formState.errors} />
    </DialogShell>
  );
}

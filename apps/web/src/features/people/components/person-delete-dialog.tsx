import { zodResolver } from "@hookform/resolvers/zod";
import { type TPerson, type TPersonKind, ZPersonDeleteRequestBody } from "@vt/shared/contracts/people";
import { SendIcon } from "lucide-react";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DialogActions, DialogShell } from "@/components/dialog-shell";
import { FormField } from "@/components/form-field";
import { useModal } from "@/components/modal/use-modal";
import { RequiredFieldsAlert } from "@/components/required-fields-alert";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { useRequestPersonDelete } from "../api/request-person-delete";

type FormInput = { teamId: number | null; reason: string };

/** Asks the admins to delete a person: the requesting team and a reason (required). */
export function PersonDeleteDialog({
  kind,
  person,
  teams,
  onOpenChange,
}: {
  kind: TPersonKind;
  person: TPerson | null;
  teams: { id: number; name: string }[];
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const modal = useModal();
  const request = useRequestPersonDelete(kind);
  const defaults = { teamId: teams.length === 1 ? teams[0]!.id : null, reason: "" };
  const form = useForm<FormInput>({
    resolver: zodResolver(ZPersonDeleteRequestBody) as never,
    defaultValues: defaults,
  });
  const translate = (message: string | undefined, field: "team" | "reason") =>
    message ? t(message as "validation.required", { field: t(`fields.${field}`), max: 1000 }) : undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the dialog opens
  useEffect(() => {
    if (person) form.reset(defaults);
  }, [person]);

  const submit = form.handleSubmit(async (values) => {
    if (!person) return;
    const done = await request
      .mutateAsync({ personId: person.id, teamId: values.teamId ?? 0, reason: values.reason })
      .catch(() => undefined);
    if (!done) return;
    onOpenChange(false);
    void modal.success({ title: t("success.deleteRequested"), description: done.message });
  });

  return (
    <DialogShell
      open={person !== null}
      onOpenChange={(next) => !request.isPending && onOpenChange(next)}
      title={t("people.deleteTitle", { name: person?.name ?? "" })}
      description={t("people.deleteDescription", { count: person?.comicCount ?? 0 })}
      onSubmit={submit}
      footer={
        <DialogActions
          onCancel={() => onOpenChange(false)}
          cancelDisabled={request.isPending}
          pending={request.isPending}
          icon={<SendIcon aria-hidden />}
          variant="destructive"
          label={request.isPending ? t("comics.requests.sending") : t("comics.requests.send")}
        />
      }
    >
      {teams.length > 1 ? (
        <Controller
          control={form.control}
          name="teamId"
          render={({ field, fieldState }) => (
            <FormField label={t("comics.requests.team")} error={translate(fieldState.error?.message, "team")}>
              <TeamSelect
                teams={teams}
                value={field.value ? String(field.value) : undefined}
                onValueChange={(value) => field.onChange(Number(value))}
              />
            </FormField>
          )}
        />
      ) : (
        teams[0] && (
          <p className="text-muted-foreground text-sm">{`${t("comics.requests.team")}: ${teams[0].name}`}</p>
        )
      )}
      <FormField
        label={t("fields.reason")}
        error={translate(form.formState.errors.reason?.message, "reason")}
      >
        <Textarea
          rows={3}
          placeholder={t("comics.requests.reasonPlaceholder")}
          {...form.register("reason")}
        />
      </FormField>
      <RequiredFieldsAlert errors={form.formState.errors} />
    </DialogShell>
  );
}

function TeamSelect({
  teams,
  value,
  onValueChange,
  ...aria
}: {
  teams: { id: number; name: string }[];
  value: string | undefined;
  onValueChange: (value: string) => void;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const { t } = useTranslation();
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger className="w-full" {...aria}>
        <SelectValue placeholder={t("comics.form.teamPlaceholder")} />
      </SelectTrigger>
      <SelectContent>
        {teams.map((team) => (
          <SelectItem key={team.id} value={String(team.id)}>
            {team.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

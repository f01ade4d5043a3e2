import { zodResolver } from "@hookform/resolvers/zod";
import type { Team } from "@vt/shared/api-schemas";
import { TEAM_NAME_MAX, ZCreateTeamRequest } from "@vt/shared/contracts/teams";
import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DialogActions, DialogShell } from "@/components/dialog-shell";
import { FormField } from "@/components/form-field";
import { RequiredFieldsAlert } from "@/components/required-fields-alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/lib/toast";
import { useFieldError } from "@/lib/use-field-error";
import { useCreateTeam } from "../api/create-team";
import { TeamLinkFields } from "./team-link-fields";

/** "Create team" button and its dialog: the name and, optionally, the social links; the creator becomes the owner. */
export function CreateTeamDialog({ onCreated }: { onCreated: (team: Team) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const fieldError = useFieldError();
  const createTeam = useCreateTeam();
  const form = useForm({
    resolver: zodResolver(ZCreateTeamRequest),
    defaultValues: { name: "", website: "", twitter: "", instagram: "", discord: "", facebook: "" },
  });

  const submit = form.handleSubmit(async (values) => {
    const team = await createTeam.mutateAsync(values).catch(() => undefined);
    if (!team) return;
    toast.success(t("success.created"));
    setOpen(false);
    form.reset();
    onCreated(team);
  });

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
      trigger={
        <Button>
          <PlusIcon aria-hidden />
          {t("teams.list.create")}
        </Button>
      }
      className="max-h-[90dvh] overflow-y-auto sm:max-w-xl"
      title={t("teams.create.title")}
      description={t("teams.create.description")}
      onSubmit={submit}
      footer={
        <DialogActions
          onCancel={() => setOpen(false)}
          pending={createTeam.isPending}
          label={createTeam.isPending ? t("teams.create.submitting") : t("teams.create.submit")}
        />
      }
    >
      <FormField
        label={t("fields.name")}
        error={fieldError(form.formState.errors.name, "name", { max: TEAM_NAME_MAX })}
      >
        <Input
          autoFocus
          autoComplete="off"
          placeholder={t("teams.create.namePlaceholder")}
          {...form.register("name")}
        />
      </FormField>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium text-sm">{t("teams.info.links")}</legend>
        <p className="text-muted-foreground text-xs">{t("teams.info.linksDescription")}</p>
        <TeamLinkFields register={form.register as never} errors={form.formState.errors} />
      </fieldset>
      <RequiredFieldsAlert errors={form.formState.errors} />
    </DialogShell>
  );
}

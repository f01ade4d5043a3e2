import {
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPES,
  type TApiTokenScope,
  type TCreatedApiToken,
} from "@vt/shared/contracts/tokens";
import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogActions, DialogShell } from "@/components/dialog-shell";
import { FormField } from "@/components/form-field";
import { SelectField } from "@/components/select-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useCreateToken } from "../api/create-token";

export type TokenTeamOption = { id: number; name: string };

/** "New token": name, one of my teams, scope read or upload. The created secret goes to `onCreated`. */
export function CreateTokenDialog({
  teams,
  onCreated,
}: {
  teams: TokenTeamOption[];
  onCreated: (created: TCreatedApiToken) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [teamId, setTeamId] = useState<string | undefined>(undefined);
  const [scope, setScope] = useState<TApiTokenScope>("upload");
  const [errors, setErrors] = useState<{ name?: string; team?: string }>({});
  const create = useCreateToken();
  // A user with exactly one team has nothing to choose: that team is preselected (still shown).
  const [onlyTeam] = teams.length === 1 ? teams : [];
  const chosenTeam = teamId ?? (onlyTeam ? String(onlyTeam.id) : undefined);

  const reset = () => {
    setName("");
    setTeamId(undefined);
    setScope("upload");
    setErrors({});
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const next = {
      name: name.trim() ? undefined : t("validation.required", { field: t("power.tokens.name") }),
      team: chosenTeam ? undefined : t("validation.required", { field: t("power.tokens.team") }),
    };
    setErrors(next);
    if (next.name || next.team) return;
    const created = await create
      .mutateAsync({ name: name.trim(), teamId: Number(chosenTeam), scope })
      .catch(() => undefined);
    if (!created) return;
    setOpen(false);
    reset();
    onCreated(created);
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      trigger={
        <Button disabled={teams.length === 0}>
          <PlusIcon aria-hidden />
          {t("power.tokens.create")}
        </Button>
      }
      title={t("power.tokens.createTitle")}
      description={t("power.tokens.createDescription")}
      onSubmit={submit}
      footer={<DialogActions pending={create.isPending} label={t("power.tokens.createSubmit")} />}
    >
      <FormField label={t("power.tokens.name")} error={errors.name} hint={t("power.tokens.nameHint")}>
        <Input
          value={name}
          maxLength={API_TOKEN_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
          autoFocus
        />
      </FormField>
      <FormField label={t("power.tokens.team")} error={errors.team}>
        <SelectField
          value={chosenTeam}
          onValueChange={setTeamId}
          placeholder={t("power.tokens.teamPlaceholder")}
          options={teams.map((team) => ({ value: String(team.id), label: team.name }))}
        />
      </FormField>
      <FormField label={t("power.tokens.scope")} hint={t(`power.tokens.scopeHint.${scope}`)}>
        <SelectField
          value={scope}
          onValueChange={(value) => setScope(value as TApiTokenScope)}
          options={API_TOKEN_SCOPES.map((option) => ({
            value: option,
            label: t(`power.tokens.scopes.${option}`),
          }))}
        />
      </FormField>
    </DialogShell>
  );
}

import type { TTeamRef } from "@vt/shared/contracts/comics";
import { useTranslation } from "react-i18next";
import { FormField } from "@/components/form-field";
import { SelectField } from "@/components/select-field";

/**
 * The team a new chapter is credited to, for a user in several teams that may upload to the comic
 * (the API accepts only such a team). Shown on the new-chapter form only; disabled once the draft
 * exists.
 */
export function CreditedTeamField({
  teams,
  value,
  onChange,
  disabled,
}: {
  teams: readonly TTeamRef[];
  value: number | undefined;
  onChange: (teamId: number) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormField label={t("chapters.editor.creditedTeam")} hint={t("chapters.editor.creditedTeamHint")}>
      <SelectField
        value={value === undefined ? undefined : String(value)}
        options={teams.map((team) => ({ value: String(team.id), label: team.name }))}
        onValueChange={(id) => onChange(Number(id))}
        disabled={disabled}
      />
    </FormField>
  );
}

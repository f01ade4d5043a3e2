import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "@/components/form-field";
import { SelectField } from "@/components/select-field";
import { useFieldError } from "@/lib/use-field-error";

/** The team a request is filed for: a select when I have several, a line of text when one. */
export function TeamField<T extends FieldValues>({
  control,
  name,
  teams,
  label,
}: {
  control: Control<T>;
  name: Path<T>;
  teams: { id: number; name: string }[];
  label: string;
}) {
  if (teams.length === 1) {
    return <p className="text-muted-foreground text-sm">{`${label}: ${teams[0]!.name}`}</p>;
  }
  return <TeamSelectField control={control} name={name} teams={teams} label={label} />;
}

/** The select of the teams I may file for (several), as a form field. */
export function TeamSelectField<T extends FieldValues>({
  control,
  name,
  teams,
  label,
  hint,
}: {
  control: Control<T>;
  name: Path<T>;
  teams: { id: number; name: string }[];
  label: string;
  hint?: string;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label={label} hint={hint} error={fieldError(fieldState.error, "team")}>
          <SelectField
            value={field.value ? String(field.value) : undefined}
            placeholder={t("comics.form.teamPlaceholder")}
            options={teams.map((team) => ({ value: String(team.id), label: team.name }))}
            onValueChange={(value) => field.onChange(Number(value))}
            name={field.name}
          />
        </FormField>
      )}
    />
  );
}

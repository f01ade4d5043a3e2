import { TEAM_LINK_FIELDS, TEAM_LINK_MAX, type TTeamLinkField } from "@vt/shared/contracts/teams";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { useFieldError } from "@/lib/use-field-error";
import { cn } from "@/lib/utils";

type LinkValues = Partial<Record<TTeamLinkField, string | null | undefined>>;

/** The five social-link inputs of a team (website, twitter, instagram, discord, facebook): info form and "Create team". */
export function TeamLinkFields({
  register,
  errors,
  className,
}: {
  // The two forms have different value types; both hold the five links.
  register: UseFormRegister<LinkValues>;
  errors: FieldErrors<LinkValues>;
  className?: string;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  return (
    <div className={cn("grid gap-4 sm:grid-cols-2", className)}>
      {TEAM_LINK_FIELDS.map((field) => (
        <FormField
          key={field}
          className="content-start"
          label={t(`fields.${field}`)}
          error={fieldError(errors[field], field, { max: TEAM_LINK_MAX })}
        >
          <Input
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder={t("teams.info.linkPlaceholder")}
            {...register(field)}
          />
        </FormField>
      ))}
    </div>
  );
}

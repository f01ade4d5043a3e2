import type { FieldErrors, FieldValues } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormAlert } from "@/components/form-alert";
import { hasMissingRequired } from "@/lib/form-errors";

/**
 * "Required fields are missing" (docs/dashboard.md, "Forms and their messages"), shown by every
 * form after a submit that left required fields empty, in addition to each field's own message; it
 * goes away once they are filled.
 */
export function RequiredFieldsAlert<T extends FieldValues>({
  errors,
  className,
}: {
  /** react-hook-form's errors, or a form's own map of field -> message key. */
  errors: FieldErrors<T> | Readonly<Record<string, string | undefined>>;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <FormAlert
      className={className}
      message={hasMissingRequired(errors) ? t("validation.requiredFieldsMissing") : undefined}
    />
  );
}

import { useTranslation } from "react-i18next";
import type { ViTranslation } from "@/locales/resources-vi";
import type { ValidationKey } from "../sign-in-validation";

type FieldName = keyof ViTranslation["fields"];

/**
 * Translates a form error whose message is a shared `validation.*` key, naming the field.
 * `params` fills the other placeholders (`{{min}}`, `{{max}}`) of length rules.
 */
export function useValidationMessage() {
  const { t } = useTranslation();
  return (
    error: { message?: string } | undefined,
    field: FieldName,
    params?: { min?: number; max?: number },
  ) =>
    // Every validation key takes {{field}} or none; the cast only picks one overload of the typed t().
    error?.message
      ? t(error.message as ValidationKey as "validation.required", { ...params, field: t(`fields.${field}`) })
      : undefined;
}

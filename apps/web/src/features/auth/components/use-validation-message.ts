import { useTranslation } from "react-i18next";
import type { vi } from "@/locales/resources";
import type { ValidationKey } from "../schemas";

type FieldName = keyof typeof vi.fields;

/** Translates a form error whose message is a shared `validation.*` key, naming the field. */
export function useValidationMessage() {
  const { t } = useTranslation();
  return (error: { message?: string } | undefined, field: FieldName) =>
    // Every validation key takes {{field}} or none; the cast only picks one overload of the typed t().
    error?.message
      ? t(error.message as ValidationKey as "validation.required", { field: t(`fields.${field}`) })
      : undefined;
}

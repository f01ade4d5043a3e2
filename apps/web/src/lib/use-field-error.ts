import type { FieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { ViTranslation } from "@/locales/resources-vi";

export type FieldName = keyof ViTranslation["fields"];

/**
 * Translates a form error whose message is a message key of the contracts (`validation.required`,
 * `comics.couples.incomplete`…), naming the field (`{{field}} là bắt buộc`); `params` fills
 * `{{max}}`-style placeholders.
 */
export function useFieldError() {
  const { t } = useTranslation();
  return (
    error: Pick<FieldError, "message"> | undefined,
    field: FieldName,
    params?: Record<string, unknown>,
  ) => {
    if (!error?.message) return undefined;
    // The cast picks one overload of the typed t(); every message key takes {{field}} or none.
    return t(error.message as "validation.required", { ...params, field: t(`fields.${field}`) });
  };
}

import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { ActionButton } from "@/components/action-button";
import { FormAlert } from "@/components/form-alert";
import { RequiredFieldsAlert } from "@/components/required-fields-alert";

/** Where each auth form's texts live: `<texts>.submit` and `<texts>.submitting` name its button. */
type AuthTexts = "auth.signIn" | "auth.register" | "auth.forgotPassword" | "auth.resetPassword";

/**
 * Every auth form: its fields, then "required fields are missing", the refusal if any, and the
 * full-width submit button (spinning while `pending`). No form library here: /login's sign-in
 * form uses it too.
 */
export function AuthForm({
  errors,
  error,
  pending,
  texts,
  children,
  ...props
}: Omit<ComponentProps<"form">, "noValidate" | "className"> & {
  errors: ComponentProps<typeof RequiredFieldsAlert>["errors"];
  error: string | undefined;
  pending: boolean;
  texts: AuthTexts;
}) {
  const { t } = useTranslation();
  return (
    <form noValidate className="grid gap-4" {...props}>
      {children}
      <RequiredFieldsAlert errors={errors} />
      <FormAlert message={error} />
      <ActionButton
        type="submit"
        size="lg"
        className="mt-1 w-full"
        pending={pending}
        label={t(`${texts}.submit`)}
        pendingLabel={t(`${texts}.submitting`)}
      />
    </form>
  );
}

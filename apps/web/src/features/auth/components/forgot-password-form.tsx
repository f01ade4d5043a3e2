import { zodResolver } from "@hookform/resolvers/zod";
import { type TForgotPasswordForm, ZForgotPasswordForm } from "@vt/shared/contracts/users";
import { useTranslation } from "react-i18next";
import { EmailInput } from "@/components/email-input";
import { FormField } from "@/components/form-field";
import { AuthForm } from "./auth-form";
import { useAuthForm } from "./use-auth-form";

/** Asks for the registered email to send a password-reset link to. */
export function ForgotPasswordForm({
  onSubmit,
  defaultEmail = "",
}: {
  onSubmit: (values: TForgotPasswordForm) => Promise<void> | void;
  defaultEmail?: string;
}) {
  const { t } = useTranslation();
  const { form, errors, messageOf, formProps } = useAuthForm(
    {
      resolver: zodResolver(ZForgotPasswordForm),
      defaultValues: { email: defaultEmail },
    },
    onSubmit,
  );

  return (
    <AuthForm {...formProps} texts="auth.forgotPassword">
      <FormField label={t("auth.signIn.email")} error={messageOf(errors.email, "email")}>
        <EmailInput placeholder={t("auth.signIn.emailPlaceholder")} {...form.register("email")} />
      </FormField>
    </AuthForm>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type TResetPasswordForm,
  ZResetPasswordForm,
} from "@vt/shared/contracts/users";
import { useTranslation } from "react-i18next";
import { FormField } from "@/components/form-field";
import { AuthForm } from "./auth-form";
import { PasswordInput } from "./password-input";
import { useAuthForm } from "./use-auth-form";

/** The new password, twice, for the reset link's token. `onSubmit` may throw (expired link…). */
export function ResetPasswordForm({ onSubmit }: { onSubmit: (values: TResetPasswordForm) => Promise<void> }) {
  const { t } = useTranslation();
  const { form, errors, messageOf, formProps } = useAuthForm(
    {
      resolver: zodResolver(ZResetPasswordForm),
      defaultValues: { password: "", passwordConfirmation: "" },
    },
    onSubmit,
  );

  return (
    <AuthForm {...formProps} texts="auth.resetPassword">
      <FormField
        label={t("auth.resetPassword.newPassword")}
        error={messageOf(errors.password, "password", { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
        hint={t("auth.passwordHint", { min: PASSWORD_MIN_LENGTH })}
      >
        <PasswordInput autoComplete="new-password" {...form.register("password")} />
      </FormField>
      <FormField
        label={t("auth.resetPassword.confirmPassword")}
        error={messageOf(errors.passwordConfirmation, "passwordConfirmation")}
      >
        <PasswordInput autoComplete="new-password" {...form.register("passwordConfirmation")} />
      </FormField>
    </AuthForm>
  );
}

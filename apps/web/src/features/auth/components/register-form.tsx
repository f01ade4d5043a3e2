import { zodResolver } from "@hookform/resolvers/zod";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type TRegisterForm,
  USER_NAME_MAX,
  ZRegisterForm,
} from "@vt/shared/contracts/users";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { EmailInput } from "@/components/email-input";
import { FormField } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { AuthForm } from "./auth-form";
import { PasswordInput } from "./password-input";
import { useAuthForm } from "./use-auth-form";

/**
 * Registration: name, email, password twice and the terms (docs/dashboard.md, "Forms and their
 * messages"). `onSubmit` may
 * throw; the failure (address already registered…) is shown translated above the button.
 */
export function RegisterForm({ onSubmit }: { onSubmit: (values: TRegisterForm) => Promise<void> | void }) {
  const { t } = useTranslation();
  const passwordRule = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };
  const termsId = useId();
  const { form, errors, messageOf, formProps } = useAuthForm(
    {
      resolver: zodResolver(ZRegisterForm),
      defaultValues: { name: "", email: "", password: "", passwordConfirmation: "", acceptTerms: false },
    },
    onSubmit,
  );
  const termsError = messageOf(errors.acceptTerms, "terms");

  return (
    <AuthForm {...formProps} texts="auth.register">
      <FormField
        label={t("auth.register.name")}
        error={messageOf(errors.name, "name", { max: USER_NAME_MAX })}
      >
        <Input
          autoComplete="nickname"
          placeholder={t("auth.register.namePlaceholder")}
          {...form.register("name")}
        />
      </FormField>
      <FormField label={t("auth.signIn.email")} error={messageOf(errors.email, "email")}>
        <EmailInput placeholder={t("auth.signIn.emailPlaceholder")} {...form.register("email")} />
      </FormField>
      <FormField
        label={t("auth.signIn.password")}
        error={messageOf(errors.password, "password", passwordRule)}
        hint={t("auth.passwordHint", { min: PASSWORD_MIN_LENGTH })}
      >
        <PasswordInput autoComplete="new-password" {...form.register("password")} />
      </FormField>
      <FormField
        label={t("auth.register.confirmPassword")}
        error={messageOf(errors.passwordConfirmation, "passwordConfirmation")}
      >
        <PasswordInput
          autoComplete="new-password"
          placeholder={t("auth.register.confirmPasswordPlaceholder")}
          {...form.register("passwordConfirmation")}
        />
      </FormField>
      <div className="grid gap-2">
        <div className="flex items-start gap-2">
          <input
            id={termsId}
            type="checkbox"
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? `${termsId}-message` : undefined}
            className="mt-0.5 size-4 shrink-0 rounded accent-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            {...form.register("acceptTerms")}
          />
          <label htmlFor={termsId} className="text-sm leading-snug">
            {t("auth.register.acceptTerms")}
          </label>
        </div>
        {termsError && (
          <p id={`${termsId}-message`} role="alert" className="text-destructive text-sm">
            {termsError}
          </p>
        )}
      </div>
    </AuthForm>
  );
}

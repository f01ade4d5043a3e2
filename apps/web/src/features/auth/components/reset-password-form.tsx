import { zodResolver } from "@hookform/resolvers/zod";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type TResetPasswordForm,
  ZResetPasswordForm,
} from "@vt/shared/contracts/users";
import { LoaderCircleIcon } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormAlert } from "@/components/form-alert";
import { FormField } from "@/components/form-field";
import { RequiredFieldsAlert } from "@/components/required-fields-alert";
import { Button } from "@/components/ui/button";
import { PasswordInput } from "./password-input";
import { useSubmitError } from "./use-submit-error";
import { useValidationMessage } from "./use-validation-message";

/** The new password, twice, for the reset link's token. `onSubmit` may throw (expired link…). */
export function ResetPasswordForm({ onSubmit }: { onSubmit: (values: TResetPasswordForm) => Promise<void> }) {
  const { t } = useTranslation();
  const messageOf = useValidationMessage();
  const submit = useSubmitError();
  const form = useForm({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: "", passwordConfirmation: "" },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => submit.run(() => onSubmit(values)))}
    >
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
      <RequiredFieldsAlert errors={errors} />
      <FormAlert message={submit.error} />
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={isSubmitting}>
        {isSubmitting && <LoaderCircleIcon aria-hidden className="animate-spin" />}
        {isSubmitting ? t("auth.resetPassword.submitting") : t("auth.resetPassword.submit")}
      </Button>
    </form>
  );
}

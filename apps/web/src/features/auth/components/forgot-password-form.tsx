import { zodResolver } from "@hookform/resolvers/zod";
import { type TForgotPasswordForm, ZForgotPasswordForm } from "@vt/shared/contracts/users";
import { LoaderCircleIcon } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormAlert } from "@/components/form-alert";
import { FormField } from "@/components/form-field";
import { RequiredFieldsAlert } from "@/components/required-fields-alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useSubmitError } from "./use-submit-error";
import { useValidationMessage } from "./use-validation-message";

/** Asks for the registered email to send a password-reset link to. */
export function ForgotPasswordForm({
  onSubmit,
  defaultEmail = "",
}: {
  onSubmit: (values: TForgotPasswordForm) => Promise<void> | void;
  defaultEmail?: string;
}) {
  const { t } = useTranslation();
  const messageOf = useValidationMessage();
  const submit = useSubmitError();
  const form = useForm({
    resolver: zodResolver(ZForgotPasswordForm),
    defaultValues: { email: defaultEmail },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => submit.run(() => onSubmit(values)))}
    >
      <FormField label={t("auth.signIn.email")} error={messageOf(errors.email, "email")}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t("auth.signIn.emailPlaceholder")}
          {...form.register("email")}
        />
      </FormField>
      <RequiredFieldsAlert errors={errors} />
      <FormAlert message={submit.error} />
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={isSubmitting}>
        {isSubmitting && <LoaderCircleIcon aria-hidden className="animate-spin" />}
        {isSubmitting ? t("auth.forgotPassword.submitting") : t("auth.forgotPassword.submit")}
      </Button>
    </form>
  );
}

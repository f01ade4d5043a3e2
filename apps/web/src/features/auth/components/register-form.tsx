import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircleIcon } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { type RegisterValues, registerSchema } from "../schemas";
import { PasswordInput } from "./password-input";
import { useValidationMessage } from "./use-validation-message";

/** Registration: name, email, password twice and the terms (spec §5 messages). */
export function RegisterForm({ onSubmit }: { onSubmit?: (values: RegisterValues) => Promise<void> | void }) {
  const { t } = useTranslation();
  const messageOf = useValidationMessage();
  const termsId = useId();
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: "", email: "", password: "", confirmPassword: "", acceptTerms: false },
  });
  const { errors, isSubmitting } = form.formState;
  const termsError = messageOf(errors.acceptTerms, "terms");

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit(async (values) => onSubmit?.(values))}
    >
      <FormField label={t("auth.register.name")} error={messageOf(errors.name, "name")}>
        <Input
          autoComplete="nickname"
          placeholder={t("auth.register.namePlaceholder")}
          {...form.register("name")}
        />
      </FormField>
      <FormField label={t("auth.signIn.email")} error={messageOf(errors.email, "email")}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t("auth.signIn.emailPlaceholder")}
          {...form.register("email")}
        />
      </FormField>
      <FormField label={t("auth.signIn.password")} error={messageOf(errors.password, "password")}>
        <PasswordInput autoComplete="new-password" {...form.register("password")} />
      </FormField>
      <FormField
        label={t("auth.register.confirmPassword")}
        error={messageOf(errors.confirmPassword, "passwordConfirmation")}
      >
        <PasswordInput
          autoComplete="new-password"
          placeholder={t("auth.register.confirmPasswordPlaceholder")}
          {...form.register("confirmPassword")}
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
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={isSubmitting}>
        {isSubmitting && <LoaderCircleIcon aria-hidden className="animate-spin" />}
        {isSubmitting ? t("auth.register.submitting") : t("auth.register.submit")}
      </Button>
    </form>
  );
}

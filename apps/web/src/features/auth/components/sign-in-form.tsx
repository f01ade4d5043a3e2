import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircleIcon } from "lucide-react";
import type { ReactElement } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { type SignInValues, signInSchema } from "../schemas";
import { PasswordInput } from "./password-input";
import { useValidationMessage } from "./use-validation-message";

/**
 * Email + password sign-in. `onSubmit` receives valid values; the identity flow (sign in with the
 * provider, then POST /users/auth) is plugged in by the login route.
 */
export function SignInForm({
  onSubmit,
  forgotPasswordLink,
  defaultEmail = "",
}: {
  onSubmit?: (values: SignInValues) => Promise<void> | void;
  forgotPasswordLink?: ReactElement;
  defaultEmail?: string;
}) {
  const { t } = useTranslation();
  const messageOf = useValidationMessage();
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: defaultEmail, password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit(async (values) => onSubmit?.(values))}
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
      <FormField
        label={t("auth.signIn.password")}
        error={messageOf(errors.password, "password")}
        labelAside={forgotPasswordLink}
      >
        <PasswordInput
          autoComplete="current-password"
          placeholder={t("auth.signIn.passwordPlaceholder")}
          {...form.register("password")}
        />
      </FormField>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={isSubmitting}>
        {isSubmitting && <LoaderCircleIcon aria-hidden className="animate-spin" />}
        {isSubmitting ? t("auth.signIn.submitting") : t("auth.signIn.submit")}
      </Button>
    </form>
  );
}

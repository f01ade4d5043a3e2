import { type FormEvent, type ReactElement, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmailInput } from "@/components/email-input";
import { FormField } from "@/components/form-field";
import { type SignInErrors, type SignInValues, validateSignIn } from "../sign-in-validation";
import { AuthForm } from "./auth-form";
import { PasswordInput } from "./password-input";
import { useSubmitError } from "./use-submit-error";
import { useValidationMessage } from "./use-validation-message";

function readValues(form: HTMLFormElement): SignInValues {
  const data = new FormData(form);
  return { email: String(data.get("email") ?? "").trim(), password: String(data.get("password") ?? "") };
}

/**
 * Email + password sign-in (see sign-in-validation for why it has no form library). Like the
 * other forms it validates on submit, then again on every change; the first invalid field gets
 * the focus. `onSubmit` receives valid values and may throw; the failure (wrong password, too many
 * attempts…) is shown translated above the button.
 */
export function SignInForm({
  onSubmit,
  forgotPasswordLink,
  defaultEmail = "",
  externalError,
}: {
  onSubmit: (values: SignInValues) => Promise<void> | void;
  forgotPasswordLink?: ReactElement;
  defaultEmail?: string;
  /** A failure that happened elsewhere (e.g. the third-party sign-in), shown in the same place. */
  externalError?: string;
}) {
  const { t } = useTranslation();
  const messageOf = useValidationMessage();
  const submit = useSubmitError();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<SignInErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const errorOf = (field: keyof SignInValues, name: "email" | "password") =>
    messageOf(errors[field] ? { message: errors[field] } : undefined, name);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    const values = readValues(form);
    const problems = validateSignIn(values);
    setErrors(problems);
    setAttempted(true);
    const firstInvalid = (["email", "password"] as const).find((field) => problems[field]);
    if (firstInvalid) {
      const input = form.elements.namedItem(firstInvalid);
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    setSubmitting(true);
    await submit.run(() => onSubmit(values));
    setSubmitting(false);
  }

  return (
    <AuthForm
      ref={formRef}
      onSubmit={handleSubmit}
      errors={errors}
      error={submit.error ?? externalError}
      pending={submitting}
      texts="auth.signIn"
      onChange={() => {
        if (attempted && formRef.current) setErrors(validateSignIn(readValues(formRef.current)));
      }}
    >
      <FormField label={t("auth.signIn.email")} error={errorOf("email", "email")}>
        <EmailInput
          name="email"
          defaultValue={defaultEmail}
          placeholder={t("auth.signIn.emailPlaceholder")}
        />
      </FormField>
      <FormField
        label={t("auth.signIn.password")}
        error={errorOf("password", "password")}
        labelAside={forgotPasswordLink}
      >
        <PasswordInput
          name="password"
          autoComplete="current-password"
          placeholder={t("auth.signIn.passwordPlaceholder")}
        />
      </FormField>
    </AuthForm>
  );
}

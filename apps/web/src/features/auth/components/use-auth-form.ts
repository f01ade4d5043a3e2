import { type FieldValues, type UseFormProps, useForm } from "react-hook-form";
import { useSubmitError } from "./use-submit-error";
import { useValidationMessage } from "./use-validation-message";

/**
 * A react-hook-form auth form (register, forgot and reset password): the form, the translated
 * field messages, and `formProps` for AuthForm: submitting runs `onSubmit` and keeps its failure.
 */
export function useAuthForm<TInput extends FieldValues, TOutput>(
  options: UseFormProps<TInput, unknown, TOutput>,
  onSubmit: (values: TOutput) => Promise<void> | void,
) {
  const messageOf = useValidationMessage();
  const submit = useSubmitError();
  const form = useForm(options);
  const { errors, isSubmitting } = form.formState;
  return {
    form,
    errors,
    messageOf,
    formProps: {
      onSubmit: form.handleSubmit((values) => submit.run(() => onSubmit(values))),
      errors,
      error: submit.error,
      pending: isSubmitting,
    },
  };
}

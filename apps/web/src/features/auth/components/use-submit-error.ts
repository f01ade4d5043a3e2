import { useState } from "react";
import { describeAuthError } from "../auth-errors";

/**
 * Runs a form's submit action and keeps the translated failure to show above the button.
 * Returns whether the action succeeded.
 */
export function useSubmitError() {
  const [error, setError] = useState<string>();
  async function run(action: () => Promise<unknown> | unknown): Promise<boolean> {
    setError(undefined);
    try {
      await action();
      return true;
    } catch (failure) {
      setError(describeAuthError(failure));
      return false;
    }
  }
  return { error, setError, run };
}

/**
 * The one error toast of spec §8: title errors.generic, description extracted from the error.
 * Its own module (no TanStack Query) so the sign-in page can raise it without the query client.
 */
import { getErrorMessage, isApiError } from "./api-error";
import { i18n } from "./i18n";
import { toast } from "./toast";

/** The toast description: the server's words when it sent some, else a translated transport problem. */
export function describeError(error: unknown): string {
  if (isApiError(error) && !error.fromServer) {
    if (error.kind === "cannot-connect") return i18n.t("errors.kind.cannotConnect");
    if (error.kind === "timeout") return i18n.t("errors.kind.timeout");
    if (error.kind === "cancelled") return i18n.t("errors.kind.cancelled");
  }
  return getErrorMessage(error);
}

export function showErrorToast(error: unknown) {
  toast.error(i18n.t("errors.generic"), { description: describeError(error) });
}

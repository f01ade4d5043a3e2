import { isApiError } from "@/lib/api-error";
import { describeError } from "@/lib/error-toast";
import { i18n } from "@/lib/i18n";
import { viFirstLoad } from "@/locales/resources-vi";

type ServerErrorCode = Exclude<keyof typeof viFirstLoad.auth.serverErrors, "rateLimited">;

const SERVER_ERROR_CODES: ReadonlySet<string> = new Set(Object.keys(viFirstLoad.auth.serverErrors));

function isServerErrorCode(code: string | undefined): code is ServerErrorCode {
  return code !== undefined && code !== "rateLimited" && SERVER_ERROR_CODES.has(code);
}

/** Seconds to wait from a 429 answer (`X-Retry-After` from the identity provider, or `Retry-After`). */
function retryAfterSeconds(error: unknown): number | undefined {
  // The answer the client kept: a fetch `Response` (or the XMLHttpRequest of an upload).
  const original = (isApiError(error) ? error.originalError : undefined) as
    | {
        headers?: { get?: (name: string) => string | null };
        getResponseHeader?: (name: string) => string | null;
      }
    | undefined;
  const header = (name: string) =>
    original?.headers?.get?.(name) ?? original?.getResponseHeader?.(name) ?? undefined;
  const raw = header("x-retry-after") ?? header("retry-after");
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/**
 * The sentence a sign-in, register or reset form shows for a failed call, in the interface
 * language. The identity provider answers in English with a stable `code` (better-auth's error
 * codes), which is translated here; the uploader API already answers in the user's language.
 */
export function describeAuthError(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 429) {
      const seconds = retryAfterSeconds(error);
      return seconds ? i18n.t("auth.serverErrors.rateLimited", { seconds }) : i18n.t("errors.RATE_LIMITED");
    }
    if (isServerErrorCode(error.code)) return i18n.t(`auth.serverErrors.${error.code}`);
    if (error.kind === "server") return i18n.t("errors.INTERNAL");
  }
  return describeError(error);
}

/**
 * The sentence for a failed third-party sign-in start: a known identity-provider code in the
 * interface language ("Provider not found" for a provider the server skipped), otherwise the
 * generic "could not sign in" sentence; the provider's English text never reaches the user.
 */
export function describeThirdPartyError(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 429 || isServerErrorCode(error.code)) return describeAuthError(error);
    if (error.kind === "cannot-connect" || error.kind === "timeout") return describeError(error);
  }
  return i18n.t("auth.thirdParty.failed");
}

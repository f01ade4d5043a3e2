/**
 * The one error toast (docs/dashboard.md, "Failures and their messages"): title errors.generic,
 * description extracted from the error. Its own module (no TanStack Query) so the sign-in page can
 * raise it without the query client.
 */
import { type ApiError, type ApiErrorKind, getErrorMessage, isApiError, isRecord } from "./api-error";
import { i18n } from "./i18n";
import { toast } from "./toast";

const KIND_KEYS = {
  "cannot-connect": "errors.kind.cannotConnect",
  timeout: "errors.kind.timeout",
  server: "errors.kind.server",
  unauthorized: "errors.kind.unauthorized",
  forbidden: "errors.kind.forbidden",
  "not-found": "errors.kind.notFound",
  rejected: "errors.kind.rejected",
  cancelled: "errors.kind.cancelled",
  unknown: "errors.kind.unknown",
} as const satisfies Record<ApiErrorKind, string>;

/**
 * The uploader API answers in the user's language with one of its error codes, and a refusal (4xx)
 * may come as plain text (the raw response data): both are shown. Anything else that
 * carries a message (a proxy's HTML page or 5xx text, the identity provider's English with its own
 * code, the transport's "Network Error") is described by its failure kind instead.
 */
function hasServerWords(error: ApiError): boolean {
  if (!error.fromServer) return false;
  if (typeof error.data === "string") return error.kind === "rejected" && !looksLikeMarkup(error.data);
  return error.code === undefined || i18n.exists(`errors.${error.code}`);
}

/** An HTML or XML page (a proxy's or a framework's error page) rather than a sentence. */
function looksLikeMarkup(text: string): boolean {
  return /^\s*</.test(text);
}

/** A local failure that names its own catalogue text (image pipeline errors, the empty-chapter zip). */
function catalogueKeyOf(error: unknown): string | undefined {
  const key =
    isRecord(error) || error instanceof Error ? (error as { i18nKey?: unknown }).i18nKey : undefined;
  if (typeof key === "string" && key.startsWith("errors.") && i18n.exists(key)) return key;
  // The scramble codec's own error (before the pipeline wraps it) carries only its code.
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  if (name === "ScrambleError" && typeof code === "string" && i18n.exists(`errors.image.${code}`)) {
    return `errors.image.${code}`;
  }
  return undefined;
}

/**
 * The toast description, always in the interface language: the server's words when our API sent
 * some, the text of a local image failure, otherwise the failure's kind. Library and browser texts
 * ("toBlob failed", "Failed to fetch") are never shown; they stay in the error for the console.
 */
export function describeError(error: unknown): string {
  if (isApiError(error)) {
    return hasServerWords(error) ? getErrorMessage(error) : i18n.t(KIND_KEYS[error.kind]);
  }
  const key = catalogueKeyOf(error);
  if (key) return i18n.t(key as "errors.generic");
  const name = (error as { name?: unknown } | null)?.name;
  if (name === "AbortError") return i18n.t("errors.kind.cancelled");
  return i18n.t("errors.kind.unknown");
}

export function showErrorToast(error: unknown) {
  toast.error(i18n.t("errors.generic"), { description: describeError(error) });
}

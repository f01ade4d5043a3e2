/**
 * The failure model of every call to the API (docs/dashboard.md, "Failures and their messages"):
 * the failure kinds, `ApiError`, and the message extraction order. One for both clients: the
 * dashboard's (apps/web/src/lib/api-client.ts) and the command-line uploader's
 * (apps/api/src/cli/upload.ts). Kept apart from the transports so the query client and the error
 * boundary read failures without depending on them.
 */

export const API_ERROR_KINDS = [
  "cannot-connect",
  "timeout",
  "server",
  "unauthorized",
  "forbidden",
  "not-found",
  "rejected",
  "cancelled",
  "unknown",
] as const;
export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

const TEMPORARY_KINDS: ReadonlySet<ApiErrorKind> = new Set(["cannot-connect", "timeout"]);

export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly kind: ApiErrorKind;
  /** HTTP status when the server answered. */
  readonly status: number | undefined;
  /** The `code` of the error body (`@vt/shared/errors` ErrorCode), when the server sent one. */
  readonly code: string | undefined;
  /** True when retrying later may succeed (network problem, timeout). */
  readonly temporary: boolean;
  /** The response body, if any. */
  readonly data: unknown;
  /** True when the message came from the server's answer rather than the transport. */
  readonly fromServer: boolean;
  /** The failure as thrown by the transport (kept for every kind, `server` included). */
  readonly originalError: unknown;

  constructor(
    kind: ApiErrorKind,
    message: string,
    options: {
      status?: number;
      code?: string;
      data?: unknown;
      fromServer?: boolean;
      originalError?: unknown;
    } = {},
  ) {
    super(message, { cause: options.originalError });
    this.kind = kind;
    this.status = options.status;
    this.code = options.code;
    this.data = options.data;
    this.fromServer = options.fromServer ?? false;
    this.originalError = options.originalError;
    this.temporary = TEMPORARY_KINDS.has(kind);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The values of an `errors` map joined with "," (a value that is a list: its items joined so). */
function joinErrorMap(errors: Record<string, unknown>): string {
  return Object.values(errors)
    .map((value) => (Array.isArray(value) ? value.join(",") : String(value)))
    .join(",");
}

/**
 * Message carried by a response body, by steps 1-3 of the message extraction; undefined when the
 * body says nothing. An `errors` field that is a map (`{errors: {field: text}}`) is read as a
 * thrown plain object with an errors map is: its values joined with ",".
 */
function messageFromResponseData(data: unknown): string | undefined {
  if (isRecord(data)) {
    if (Array.isArray(data.errors) && data.errors.length > 0) return data.errors.map(String).join(", ");
    if (isPlainObject(data.errors) && Object.keys(data.errors).length > 0) return joinErrorMap(data.errors);
    if (typeof data.message === "string" && data.message.length > 0) return data.message;
  }
  if (typeof data === "string" && data.trim().length > 0) return data.trim();
  return undefined;
}

/**
 * Message extraction (docs/dashboard.md). For an answer (`apiErrorFromResponse`), in order:
 * 1. the response's `errors` list joined with ", "; 2. the response's `message`;
 * 3. the raw response data; 4. the transport's own message.
 * For anything thrown: an `ApiError` gives the message extracted when it was built; plain objects
 * with an `errors` map: the values joined with ","; Error instances: their message. Anything else:
 * "Unkown error" (spelled so on purpose).
 */
export function getErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (isPlainObject(error) && isRecord(error.errors)) return joinErrorMap(error.errors);
  if (error instanceof Error) return error.message;
  return "Unkown error";
}

function kindFromStatus(status: number): ApiErrorKind {
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 404) return "not-found";
  if (status >= 500) return "server";
  if (status >= 400) return "rejected";
  return "unknown";
}

/** Turns any failure of a call into an `ApiError` of one of the failure kinds. */
export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  const message = getErrorMessage(error);
  if (error instanceof Error && error.name === "AbortError") {
    return new ApiError("cancelled", message, { originalError: error });
  }
  return new ApiError("unknown", message, { originalError: error });
}

/** The `ApiError` for an HTTP answer outside 2xx; `originalError` is what the transport gave. */
export function apiErrorFromResponse(status: number, data: unknown, originalError?: unknown): ApiError {
  const fromData = messageFromResponseData(data);
  const message =
    fromData ??
    (originalError instanceof Error ? originalError.message : `Request failed with status code ${status}`);
  const code = isRecord(data) && typeof data.code === "string" ? data.code : undefined;
  return new ApiError(kindFromStatus(status), message, {
    status,
    code,
    data,
    fromServer: fromData !== undefined,
    originalError: originalError ?? data,
  });
}

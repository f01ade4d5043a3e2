/**
 * The failure model of every call (spec §8): the failure kinds, `ApiError`, and the message
 * extraction order. Kept apart from the HTTP client and free of axios, so the first render (query
 * client, error boundary, boot session check) can use it without downloading the transport.
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
  /** The failure as thrown by the transport (kept for every kind; the spec requires it for `server`). */
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

/** Message carried by a response body, in spec order 1-3; undefined when the body says nothing. */
function messageFromResponseData(data: unknown): string | undefined {
  if (isRecord(data)) {
    if (Array.isArray(data.errors) && data.errors.length > 0) return data.errors.map(String).join(", ");
    if (typeof data.message === "string" && data.message.length > 0) return data.message;
  }
  if (typeof data === "string" && data.length > 0) return data;
  return undefined;
}

/**
 * Spec §8 message extraction, in order:
 * 1. the response's `errors` list joined with ", "; 2. the response's `message`;
 * 3. the raw response data; 4. the error's own message.
 * Plain objects with an `errors` map: the values joined with ",". Error instances: their message.
 * Anything else: "Unkown error" (spelled so, as the spec says).
 */
export function getErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (isAxiosLikeError(error)) {
    return messageFromResponseData(error.response?.data) ?? (error.message || "Unkown error");
  }
  if (isPlainObject(error) && isRecord(error.errors)) {
    return Object.values(error.errors)
      .map((value) => (Array.isArray(value) ? value.join(",") : String(value)))
      .join(",");
  }
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

const TIMEOUT_CODES = new Set(["ECONNABORTED", "ETIMEDOUT"]);
const NETWORK_CODES = new Set(["ERR_NETWORK", "ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN"]);

/** Turns any failure of a call into an `ApiError` of one of the spec's kinds. */
export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  const message = getErrorMessage(error);
  if (isCancelled(error)) {
    return new ApiError("cancelled", message, { originalError: error });
  }
  if (isAxiosLikeError(error)) {
    const response = error.response;
    if (response) return apiErrorFromResponse(response.status, response.data, error);
    if (error.code && TIMEOUT_CODES.has(error.code)) {
      return new ApiError("timeout", message, { originalError: error });
    }
    if ((error.code && NETWORK_CODES.has(error.code)) || error.request) {
      return new ApiError("cannot-connect", message, { originalError: error });
    }
  }
  return new ApiError("unknown", message, { originalError: error });
}

/** The fields of an axios error this module reads (duck-typed: axios itself is loaded lazily). */
type AxiosLikeError = {
  isAxiosError: true;
  message: string;
  code?: string;
  request?: unknown;
  response?: { status: number; data: unknown };
};

/** Same test as axios' `isAxiosError`. */
function isAxiosLikeError(error: unknown): error is AxiosLikeError {
  return isRecord(error) && error.isAxiosError === true;
}

/** Same test as axios' `isCancel` (its CanceledError carries `__CANCEL__`), plus a DOM AbortError. */
function isCancelled(error: unknown): boolean {
  if (isRecord(error) && (error as { __CANCEL__?: unknown }).__CANCEL__ === true) return true;
  if (isAxiosLikeError(error) && error.code === "ERR_CANCELED") return true;
  return error instanceof Error && error.name === "AbortError";
}

/** The `ApiError` for an HTTP answer outside 2xx (from axios or from a plain `fetch`). */
export function apiErrorFromResponse(status: number, data: unknown, originalError?: unknown): ApiError {
  const message =
    messageFromResponseData(data) ??
    (originalError instanceof Error || isAxiosLikeError(originalError)
      ? getErrorMessage(originalError)
      : `Request failed with status code ${status}`);
  const code = isRecord(data) && typeof data.code === "string" ? data.code : undefined;
  return new ApiError(kindFromStatus(status), message, {
    status,
    code,
    data,
    fromServer: messageFromResponseData(data) !== undefined,
    originalError: originalError ?? data,
  });
}

import { ERROR_STATUS, type ErrorCode } from "@vt/shared/errors";

/**
 * The one error type services throw. The error handler turns it into
 * `{ message, errors?, code }` with the status of ERROR_STATUS[code].
 * `message` is either a key of the shared message catalogue (translated per request language)
 * or literal text; 5xx codes never reach the client with their message (a generic one is sent).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: string[] | undefined;
  readonly params: Record<string, string | number> | undefined;
  /** The input field the error is about: rendered like a schema failure on that field (422). */
  readonly field: (string | number)[] | undefined;
  /** Seconds after which the client may try again: sent as `Retry-After` (a 429 of a busy server). */
  readonly retryAfter: number | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    options: {
      errors?: string[];
      params?: Record<string, string | number>;
      field?: (string | number)[];
      cause?: unknown;
      retryAfter?: number;
    } = {},
  ) {
    super(message ?? `errors.${code}`, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.errors = options.errors;
    this.params = options.params;
    this.field = options.field;
    this.retryAfter = options.retryAfter;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * A rule about one input field that the schema cannot express (a person that no longer exists, a
 * cover of the wrong ratio): answered 422 like a schema failure, the message naming the field.
 * `message` is a key of the shared message catalogue.
 */
export function fieldError(path: (string | number)[], message: string): AppError {
  return new AppError("VALIDATION", message, { field: path });
}

/** A save based on an older version than the stored one: 409, nothing written (no base: no check). */
export function checkVersion(current: number, base: number | undefined): void {
  if (base !== undefined && base !== current) throw new AppError("VERSION_CONFLICT");
}

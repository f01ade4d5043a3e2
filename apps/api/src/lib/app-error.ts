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

  constructor(
    code: ErrorCode,
    message?: string,
    options: { errors?: string[]; params?: Record<string, string | number>; cause?: unknown } = {},
  ) {
    super(message ?? `errors.${code}`, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.errors = options.errors;
    this.params = options.params;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * Error codes shared by the API (code -> HTTP status) and the web client
 * (code -> i18n key `errors.<code>`). The wire body of every failure is
 * `{ message, errors?, code }` (see ZErrorBody).
 */
import { z } from "zod";

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** The record changed since the version the save was based on. */
  VERSION_CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export const ZErrorBody = z.object({
  message: z.string(),
  errors: z.array(z.string()).optional(),
  code: z.string(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

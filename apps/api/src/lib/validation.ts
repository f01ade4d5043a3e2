import { unsafeTextIssues } from "@vt/shared/safe-input";
import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import { $ZodError, $ZodRealError, type $ZodType, safeParse } from "zod/v4/core";

/**
 * Zod validator for route schemas. Unlike fastify-type-provider-zod's own, it hands the ZodError
 * itself to the error handler (with `input` kept on issues), so messages can be rendered per
 * request language and each names its field. Text no column can store (NUL, lone surrogates) is
 * refused for every route here, before the schema runs (packages/shared/src/safe-input.ts).
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const unsafe = unsafeTextIssues(data);
    // $ZodRealError extends Error: Fastify formats any other error value itself and, for a
    // non-Error, throws inside its validation step and never answers the request.
    if (unsafe.length) return { error: new $ZodRealError(unsafe as z.core.$ZodIssue[]) };
    const result = safeParse(schema, data, { reportInput: true });
    return result.success ? { value: result.data } : { error: result.error as unknown as Error };
  };

/** Validates input that is not a route's body/query/params (multipart text fields); throws the ZodError (422). */
export function parseInput<T extends $ZodType>(schema: T, data: unknown): z.output<T> {
  const unsafe = unsafeTextIssues(data);
  if (unsafe.length) throw new $ZodRealError(unsafe as z.core.$ZodIssue[]);
  const result = safeParse(schema, data, { reportInput: true });
  if (!result.success) throw result.error;
  return result.data as z.output<T>;
}

export function isZodError(error: unknown): error is z.core.$ZodError {
  return error instanceof $ZodError;
}

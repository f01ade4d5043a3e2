import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import { $ZodError, type $ZodType, safeParse } from "zod/v4/core";

/**
 * Zod validator for route schemas. Unlike fastify-type-provider-zod's own, it hands the ZodError
 * itself to the error handler (with `input` kept on issues), so messages can be rendered per
 * request language and each names its field.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { reportInput: true });
    return result.success ? { value: result.data } : { error: result.error as unknown as Error };
  };

export function isZodError(error: unknown): error is z.core.$ZodError {
  return error instanceof $ZodError;
}

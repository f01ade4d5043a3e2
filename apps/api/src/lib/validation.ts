import { jsonNestingExceeds, tooDeepIssue, unsafeTextIssues } from "@vt/shared/safe-input";
import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from "fastify";
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

/**
 * Serializer for a hot route whose answer the service builds field by field from typed rows (the
 * comic list): JSON.stringify alone, without checking the answer against its contract first as the
 * app's serializer does (fastify-type-provider-zod's `safeEncode`), which cost the comic list about
 * as much again as writing the JSON (docs/operations.md, "Sizing"). TypeScript holds the answer to
 * the contract's type, and the route's tests parse its answers with the contract.
 */
export const builtAnswerSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) =>
  JSON.stringify(data);

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

/**
 * Refuses (422, `input.tooDeep` on `path`) JSON text nested deeper than MAX_JSON_DEPTH, before it
 * is parsed: nothing recursive ever sees it (packages/shared/src/safe-input.ts).
 */
export function assertJsonDepth(text: string, path: PropertyKey[] = []): void {
  if (jsonNestingExceeds(text)) throw new $ZodRealError([tooDeepIssue(path)] as z.core.$ZodIssue[]);
}

/**
 * Replaces Fastify's `application/json` parser with the same one (same prototype-poisoning rules)
 * behind assertJsonDepth: a deeply nested body is refused by a linear scan of its text.
 */
export function registerDepthCheckedJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    try {
      assertJsonDepth(body as string);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    parse(request, body as string, done);
  });
}

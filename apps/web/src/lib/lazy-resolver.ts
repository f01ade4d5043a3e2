import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A form resolver loaded with the form's first check (a submit, or a field checked after one), not
 * with the page: a form's zod schema and @hookform/resolvers stay out of its page's first download
 * (docs/architecture.md, "Round trips and budgets"). The import runs once; a failed one is retried
 * at the next check.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return (await loading)(values, context, options);
  };
}

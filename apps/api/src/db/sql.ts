/** SQL fragments every repo may use. */
import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/** A Postgres int[] literal for `= any(...)`: ids are integers, so this is injection-free. */
export function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((id) => Math.trunc(id)).join(",")}}`}::int[]`;
}

/**
 * LIKE pattern for "contains", with the term normalized like the indexed expression
 * (`vt_search_text()`: lower + unaccent + đ->d, migration 0005), so the trigram indexes serve it.
 */
export function containsPattern(term: string): SQL {
  const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`'%' || vt_search_text(${escaped}) || '%'`;
}

/** `unaccent(column) ILIKE unaccent('%term%')`, with LIKE wildcards in the term escaped. */
export function containsUnaccent(column: SQL | AnyColumn, term: string): SQL {
  const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`unaccent(${column}) ilike unaccent(${`%${escaped}%`})`;
}

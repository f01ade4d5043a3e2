/**
 * Counts the SQL statements the app sends while `fn` runs (PGlite only: the test database's own
 * instance, transactions included). Used to keep hot routes to a fixed number of round trips. A
 * statement run prepared (`execute vt_planned_N(...)`, src/db/planned.ts) is given as its text.
 */
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type { TestApp } from "./app";

export async function countStatements<T>(
  t: TestApp,
  fn: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const pglite = t.database.pglite as PGlite;
  const statements: string[] = [];
  const query = pglite.query.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  pglite.query = ((sql: string, ...rest: unknown[]) => {
    statements.push(sql);
    return (query as (...a: unknown[]) => unknown)(sql, ...rest);
  }) as typeof pglite.query;
  pglite.transaction = (<R>(cb: (tx: Transaction) => Promise<R>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((sql: string, ...rest: unknown[]) => {
        statements.push(sql);
        return (txQuery as (...a: unknown[]) => unknown)(sql, ...rest);
      }) as typeof tx.query;
      return cb(tx);
    })) as typeof pglite.transaction;
  let result: T;
  try {
    result = await fn();
  } finally {
    pglite.query = query;
    pglite.transaction = transaction;
  }
  const { rows } = await pglite.query<{ name: string; statement: string }>(
    "select name, statement from pg_prepared_statements",
  );
  const texts = new Map(rows.map((r) => [r.name, r.statement.replace(/^prepare \S+ as /i, "")]));
  return {
    result,
    statements: statements.map((s) => texts.get(/^execute (\w+)/.exec(s)?.[1] ?? "") ?? s),
  };
}

/**
 * Counts the SQL statements the app sends while `fn` runs (PGlite only: the test database's own
 * instance, transactions included). Used to keep hot routes to a fixed number of round trips. A
 * statement run prepared (`execute vt_planned_N(...)`, sent with `exec`, src/db/planned.ts) is given
 * as its text; the PREPARE itself and its lookup of the parameters' types are not counted.
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
  const exec = pglite.exec.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  /** Records what `target` runs: every query, and the prepared statements it executes. */
  const record = (target: Pick<PGlite, "query" | "exec">) => {
    const runQuery = target.query.bind(target);
    const runExec = target.exec.bind(target);
    target.query = ((sql: string, ...rest: unknown[]) => {
      statements.push(sql);
      return (runQuery as (...a: unknown[]) => unknown)(sql, ...rest);
    }) as typeof target.query;
    target.exec = ((sql: string, ...rest: unknown[]) => {
      if (/^execute /.test(sql)) statements.push(sql);
      return (runExec as (...a: unknown[]) => unknown)(sql, ...rest);
    }) as typeof target.exec;
  };
  record(pglite);
  pglite.transaction = (<R>(cb: (tx: Transaction) => Promise<R>) =>
    transaction((tx) => {
      record(tx);
      return cb(tx);
    })) as typeof pglite.transaction;
  let result: T;
  try {
    result = await fn();
  } finally {
    pglite.query = query;
    pglite.exec = exec;
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

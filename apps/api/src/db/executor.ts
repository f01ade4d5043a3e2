import type { Db } from "./client";

/** A transaction handed to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** The database or an open transaction: repos accept either. */
export type Executor = Db | Tx;

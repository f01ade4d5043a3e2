/**
 * Statements planned once per PGlite database (issue 13).
 *
 * PGlite's `query()` sends every statement unnamed: PostgreSQL parses and plans it on every call,
 * and on PGlite planning is most of a short statement's cost (the session query: 1.55 ms, of which
 * planning 1.4). So the client drizzle runs on, PlannedPglite, prepares what the app runs again and
 * again: the second time a statement's text is seen it is sent once as SQL `PREPARE`, and from then
 * on as `EXECUTE name('argument', ...)`: each argument is the very text PGlite would send for it
 * (its serializer for the parameter's type), quoted (pg's escapeLiteral), and PostgreSQL reads it
 * with the parameter's type, as it reads a parameter sent apart. PostgreSQL's plan
 * cache then chooses, as for any prepared statement, between a plan per call and one generic plan
 * (after five calls, when the generic one is estimated no costlier). Measured on one comic with two
 * chapters (GET through the app, median of 3 runs against the previous build): /api/comics 12.7 ->
 * 5.7 ms, /api/comics/:id 18.9 -> 12.9, /api/chapters/:id 16.7 -> 12.1, /api/requests 15.3 -> 3.9.
 *
 * Run as they are: statements other than SELECT, INSERT, UPDATE, DELETE, WITH and VALUES (PREPARE
 * takes no others; EXPLAIN among them), a call with an argument whose text holds a NUL (a literal
 * cannot), and every new statement once MAX_PREPARED are held. Prepared
 * statements belong to the PGlite instance and outlive a rolled-back transaction, so statements run
 * inside `db.transaction` use and add to the same set. On PostgreSQL nothing of this runs:
 * node-postgres sends unnamed statements, and drizzle's `.prepare(name)` a named one per connection.
 */
import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import pg from "pg";

/** Statements held prepared per database at most (each keeps its parse tree and plans in memory). */
export const MAX_PREPARED = 500;
/** Texts seen once, remembered up to this many (then forgotten, to be counted afresh). */
const SEEN_AT_MOST = 5000;
const PREPARABLE = /^\s*(select|insert|update|delete|with|values)\b/i;
/** PostgreSQL error codes meaning the prepared statement is gone or no longer fits: prepare again. */
const STALE = new Set(["26000", "0A000"]);

/** What one PGlite instance has prepared (shared by every client over it, transactions included). */
interface Plans {
  names: Map<string, string>;
  /** Statement name -> its PREPARE. */
  ready: Map<string, Preparing>;
  seen: Set<string>;
}
const plansOf = new WeakMap<PGlite, Plans>();
/** A PREPARE sent by `by` (the instance or a transaction); `types` answers its parameters' type oids. */
interface Preparing {
  types: Promise<number[]>;
  by: Target;
  settled: boolean;
}

type Target = Pick<PGlite, "query" | "exec">;

/** The PGlite client drizzle runs on: PGlite itself, with repeated statements prepared once. */
export class PlannedPglite {
  private readonly plans: Plans;

  constructor(
    readonly pglite: PGlite,
    /** Where statements run: the instance, or one of its transactions. */
    private readonly target: Target = pglite,
  ) {
    let plans = plansOf.get(pglite);
    if (!plans) {
      plans = { names: new Map(), ready: new Map(), seen: new Set() };
      plansOf.set(pglite, plans);
    }
    this.plans = plans;
  }

  async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const name = PREPARABLE.test(text) ? this.nameFor(text) : undefined;
    if (name === undefined) return this.target.query<T>(text, params, options);
    const run = async () => {
      const types = this.prepare(name, text);
      // A transaction never waits for a PREPARE sent outside it: that one waits for the transaction.
      if (!types) return this.target.query<T>(text, params, options);
      const args = literals(params, await types, options?.serializers, this.pglite.serializers);
      if (!args) return this.target.query<T>(text, params, options);
      const execute = args.length > 0 ? `execute ${name}(${args.join(", ")})` : `execute ${name}`;
      return this.target.query<T>(execute, [], options);
    };
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      if (!STALE.has(code)) throw error;
      // Deallocated, or its result changed shape with the schema: planned again on the next call
      // (now, unless inside a transaction, which the error has ended).
      this.plans.ready.delete(name);
      await this.target.exec(`deallocate ${name}`).catch(() => {});
      if (this.target !== this.pglite) throw error;
      return run();
    }
  }

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.pglite.transaction((tx) => fn(new PlannedPglite(this.pglite, tx) as unknown as Transaction));
  }

  /** The statement's name once it is worth preparing (seen before, room left), else undefined. */
  private nameFor(text: string): string | undefined {
    const { names, seen } = this.plans;
    const known = names.get(text);
    if (known !== undefined || names.size >= MAX_PREPARED) return known;
    if (!seen.has(text)) {
      if (seen.size >= SEEN_AT_MOST) seen.clear();
      seen.add(text);
      return undefined;
    }
    seen.delete(text);
    // Names are never removed, so their count numbers the next one.
    const name = `vt_planned_${names.size}`;
    names.set(text, name);
    return name;
  }

  /**
   * Sends the PREPARE once; answers the parameters' type oids, or undefined inside a transaction
   * while a PREPARE sent outside it is pending.
   */
  private prepare(name: string, text: string): Promise<number[]> | undefined {
    const known = this.plans.ready.get(name);
    if (known)
      return known.settled || known.by === this.target || this.target === this.pglite
        ? known.types
        : undefined;
    const target = this.target;
    const preparing: Preparing = {
      by: target,
      settled: false,
      types: (async () => {
        await target.exec(`prepare ${name} as ${text}`);
        // The parameters' types the PREPARE settled on (once per statement).
        const [types] = await target.exec(
          `select parameter_types::oid[] as types from pg_prepared_statements where name = '${name}'`,
        );
        return (types?.rows[0] as { types?: number[] } | undefined)?.types ?? [];
      })(),
    };
    this.plans.ready.set(name, preparing);
    preparing.types.then(
      () => {
        preparing.settled = true;
      },
      () => {
        if (this.plans.ready.get(name) === preparing) this.plans.ready.delete(name);
      },
    );
    return preparing.types;
  }
}

/**
 * The arguments as quoted SQL literals of the text PGlite would send for each (its serializer for
 * the parameter's type, else toString), or undefined when one cannot be a literal (text holding a
 * NUL) or does not serialize: such a call runs unprepared, and fails there as it always did.
 */
function literals(
  params: readonly unknown[],
  types: readonly number[],
  /** The call's own serializers, then the instance's (by type oid), as PGlite looks them up. */
  own: QueryOptions["serializers"],
  serializers: PGlite["serializers"],
): string[] | undefined {
  const out: string[] = [];
  for (const [i, value] of params.entries()) {
    if (value === null || value === undefined) {
      out.push("null");
      continue;
    }
    let text: string;
    try {
      const type = types[i] ?? -1;
      const serialize = own?.[type] ?? serializers[type];
      text = serialize ? serialize(value) : String(value);
    } catch {
      return undefined;
    }
    if (text.includes("\0")) return undefined;
    out.push(pg.escapeLiteral(text));
  }
  return out;
}

/**
 * Statements planned once per PGlite database, and once per PostgreSQL connection
 * (docs/architecture.md, "Round trips and budgets").
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
 * inside `db.transaction` use and add to the same set.
 *
 * On PostgreSQL, node-postgres sends a statement without a name unless given one, and the server
 * parses and plans it on every call: the comic list's page took 0.39-0.42 ms to plan and 0.22-0.24
 * to run. `plannedPool` names what drizzle runs through the pool again and again (StatementNames,
 * at most MAX_NAMED_PER_CONNECTION), and node-postgres prepares a named statement once per
 * connection (Parse), then only binds and executes it. Statements inside a transaction run on the transaction's own client,
 * unnamed as before (drizzle's `.prepare(name)` keeps its name). A named statement that no longer
 * fits (26000, 0A000: after a schema change) fails on that connection, which pg-pool then closes, as
 * it closes a connection after any error; the call is run again unnamed.
 *
 * A prepared statement runs as one simple-protocol message (`exec`: query and sync), not the six
 * steps of `query()` (parse, describe, bind, describe, execute, sync), each a call into PGlite: the
 * arguments are already in the text, so there is nothing to bind (a short statement: 50 -> 30 µs).
 *
 * Drizzle reads some types as the text PostgreSQL sends (TEXT_TYPES: timestamps, dates, intervals
 * and some arrays) and asks for that with every statement, by passing PGlite parsers for them.
 * PGlite then copies its whole table of parsers (318 entries) to add them, on every call: 60-100 µs,
 * more than running a short prepared statement. So the app's instance parses those types as text
 * itself (`readTypesAsText`, db/client.ts) and the parsers drizzle passes are dropped; pg-boss, which
 * shares the instance and expects PGlite's usual values (Date), runs on `withUsualTypes`. With both,
 * every dashboard GET on one comic took 1.2-1.6x less (e.g. /api/comics/:id 2.63 -> 1.67 ms,
 * /api/requests 1.40 -> 0.96, /api/users/me 0.59 -> 0.48; median of 3, alternating builds).
 */
import { type PGlite, type QueryOptions, type Results, type Transaction, types } from "@electric-sql/pglite";
import pg from "pg";

/** Statements held prepared per PGlite database at most (each keeps its parse tree and plans in memory). */
export const MAX_PREPARED = 500;
/**
 * Statements named per PostgreSQL pool at most, so held prepared per connection at most: each held
 * about 60 KB of the server's memory (29 statements, 1.8 MB of plan cache on one connection).
 */
export const MAX_NAMED_PER_CONNECTION = 200;
/** Texts seen once, remembered up to this many (then forgotten, to be counted afresh). */
const SEEN_AT_MOST = 5000;
const PREPARABLE = /^\s*(select|insert|update|delete|with|values)\b/i;
/** PostgreSQL error codes meaning the prepared statement is gone or no longer fits: prepare again. */
const STALE = new Set(["26000", "0A000"]);

/**
 * Names the statements worth preparing: a text the second time it is seen, while fewer than `most`
 * are named (names are never taken back: a text keeps its name).
 */
class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seen = new Set<string>();

  constructor(private readonly most: number) {}

  /** The statement's name once it is worth preparing (seen before, room left), else undefined. */
  nameFor(text: string): string | undefined {
    const { names, seen } = this;
    const known = names.get(text);
    if (known !== undefined || names.size >= this.most) return known;
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
}

/** What one PGlite instance has prepared (shared by every client over it, transactions included). */
interface Plans {
  names: StatementNames;
  /** Statement name -> its PREPARE. */
  ready: Map<string, Preparing>;
}
const plansOf = new WeakMap<PGlite, Plans>();
/** A PREPARE sent by `by` (the instance or a transaction); `types` answers its parameters' type oids. */
interface Preparing {
  types: Promise<number[]>;
  by: Target;
  settled: boolean;
}

type Target = Pick<PGlite, "query" | "exec">;

/**
 * The types drizzle's PGlite driver reads as text (drizzle-orm/pglite/session.js passes an identity
 * parser for each): timestamp, timestamptz, interval, date, and the arrays numeric[], timestamp[],
 * timestamptz[], interval[], date[].
 */
const TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];
/** Array type -> its element type, for the arrays among TEXT_TYPES. */
const ARRAY_OF: Record<number, number> = {
  1231: types.NUMERIC,
  1115: types.TIMESTAMP,
  1185: types.TIMESTAMPTZ,
  1187: types.INTERVAL,
  1182: types.DATE,
};
const asText = (value: string) => value;
/** PGlite's usual parsers for TEXT_TYPES, taken by readTypesAsText before it replaces them. */
const usualOf = new WeakMap<PGlite, QueryOptions["parsers"]>();

/**
 * Makes `pglite` parse TEXT_TYPES as text, as drizzle reads them (so the parsers drizzle passes with
 * each statement can be dropped). Everything else sharing the instance should run on
 * `withUsualTypes(pglite)`.
 */
export function readTypesAsText(pglite: PGlite): void {
  if (usualOf.has(pglite)) return;
  const usual: NonNullable<QueryOptions["parsers"]> = {};
  for (const type of TEXT_TYPES) {
    const element = ARRAY_OF[type];
    if (element === undefined) {
      usual[type] = pglite.parsers[type] ?? asText;
      continue;
    }
    // An array's usual parser reads its elements through the instance's table, which is about to
    // change: it is rebuilt over the element's usual parser (PGlite's arrayParser takes none too).
    const parseElement = pglite.parsers[element] as types.Parser;
    usual[type] = (value: string) => types.arrayParser(value, parseElement, type);
  }
  usualOf.set(pglite, usual);
  for (const type of TEXT_TYPES) pglite.parsers[type] = asText;
}

/**
 * The instance as PGlite parses by default (timestamps and dates as Date, arrays parsed), whatever
 * `readTypesAsText` changed: for pg-boss, which shares the app's instance.
 */
export function withUsualTypes(pglite: PGlite): PGlite {
  const usual = usualOf.get(pglite);
  if (!usual) return pglite;
  const withUsual = (options?: QueryOptions): QueryOptions => ({
    ...options,
    parsers: { ...usual, ...options?.parsers },
  });
  return overriding(pglite, {
    query: (text: string, params?: unknown[], options?: QueryOptions) =>
      pglite.query(text, params, withUsual(options)),
    exec: (text: string, options?: QueryOptions) => pglite.exec(text, withUsual(options)),
  });
}

/**
 * `target` with `overrides` in place of some of its members (a Proxy: `instanceof` still holds).
 * Its other methods run on `target` itself, as PGlite's private fields require.
 */
function overriding<T extends object>(target: T, overrides: Partial<Record<keyof T, unknown>>): T {
  return new Proxy(target, {
    get(object, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof T];
      const value = Reflect.get(object, property, object);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}

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
      plans = { names: new StatementNames(MAX_PREPARED), ready: new Map() };
      plansOf.set(pglite, plans);
    }
    this.plans = plans;
  }

  async query<T>(text: string, params: unknown[] = [], given?: QueryOptions): Promise<Results<T>> {
    const options = this.withoutTextParsers(given);
    const name = PREPARABLE.test(text) ? this.plans.names.nameFor(text) : undefined;
    if (name === undefined) return this.target.query<T>(text, params, options);
    const run = async () => {
      const types = this.prepare(name, text);
      // A transaction never waits for a PREPARE sent outside it: that one waits for the transaction.
      if (!types) return this.target.query<T>(text, params, options);
      const args = literals(params, await types, options?.serializers, this.pglite.serializers);
      if (!args) return this.target.query<T>(text, params, options);
      const execute = args.length > 0 ? `execute ${name}(${args.join(", ")})` : `execute ${name}`;
      return (await this.target.exec(execute, options))[0] as Results<T>;
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

  /**
   * The call's options without the parsers drizzle passes when the instance already parses those
   * types the same way (readTypesAsText), sparing PGlite its copy of the whole parser table.
   */
  private withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
    const parsers = options?.parsers;
    if (!parsers || !usualOf.has(this.pglite)) return options;
    for (const type in parsers) if (this.pglite.parsers[type] !== asText) return options;
    const { parsers: _dropped, ...rest } = options;
    return rest;
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

/** pg's query config, as drizzle's node-postgres driver passes it. */
type PgQueryConfig = pg.QueryConfig & { rowMode?: string; types?: unknown };

/**
 * The pool drizzle runs on over PostgreSQL: `pool` itself (a Proxy, so drizzle still sees a Pool and
 * runs each transaction on a client of its own), whose `query` names a statement the second time its
 * text comes (StatementNames), so each connection prepares it once.
 */
export function plannedPool(pool: pg.Pool): pg.Pool {
  const names = new StatementNames(MAX_NAMED_PER_CONNECTION);
  const run = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<pg.QueryResult>;
  const query = async (config: unknown, values?: unknown) => {
    // A plain config object (not a text alone, nor a submittable Query), unnamed, with array values.
    const plain =
      typeof config === "object" && config !== null && Object.getPrototypeOf(config) === Object.prototype
        ? (config as PgQueryConfig)
        : undefined;
    const named =
      plain?.name === undefined &&
      typeof plain?.text === "string" &&
      PREPARABLE.test(plain.text) &&
      (values === undefined || Array.isArray(values))
        ? names.nameFor(plain.text)
        : undefined;
    if (plain === undefined || named === undefined) return run(config, values);
    try {
      return await run({ ...plain, name: named }, values);
    } catch (error) {
      if (!STALE.has((error as { code?: string }).code ?? "")) throw error;
      // pg-pool has closed the connection that held the outdated statement; this call runs unnamed.
      return run(config, values);
    }
  };
  return overriding(pool, { query });
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

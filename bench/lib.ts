/**
 * Tiny benchmark helpers. Every figure is reported next to a baseline measured in the same run,
 * so results compare across machines as ratios rather than absolute milliseconds.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { Agent, createServer, get } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../apps/api/src/config";

export interface Stats {
  n: number;
  p50: number;
  p99: number;
  mean: number;
}

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    n: sorted.length,
    p50: at(0.5),
    p99: at(0.99),
    mean: sorted.reduce((s, x) => s + x, 0) / sorted.length,
  };
}

/** Runs `fn` `warmup` times unmeasured, then `n` times, returning per-call milliseconds. */
export async function measure(
  fn: () => Promise<unknown>,
  n: number,
  warmup = Math.ceil(n / 10),
): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

/** Wall-clock and CPU (this process, user + system) milliseconds per call. */
export interface TimedStats extends Stats {
  cpu: Stats;
}

/**
 * `a` and `b` measured in alternation (a, b, a, b, ...), `warmup` of each unmeasured first: a change
 * in the machine's load during the run hits both alike, where one measured after the other could
 * catch a busier moment (on a shared machine that moved the difference by more than itself). Each
 * call's CPU time in this process is kept too: on a busy machine it moves far less than the wall
 * clock, which also counts the time other processes had the cores.
 */
export async function measureAlternating(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  n: number,
  warmup = Math.ceil(n / 10),
): Promise<[TimedStats, TimedStats]> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const wall: [number[], number[]] = [[], []];
  const cpu: [number[], number[]] = [[], []];
  const time = async (fn: () => Promise<unknown>, k: 0 | 1) => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    wall[k].push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu[k].push((c.user + c.system) / 1000);
  };
  for (let i = 0; i < n; i++) {
    await time(a, 0);
    await time(b, 1);
  }
  return [
    { ...stats(wall[0]), cpu: stats(cpu[0]) },
    { ...stats(wall[1]), cpu: stats(cpu[1]) },
  ];
}

export const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

export const median = (xs: number[]) => stats(xs).p50;

/** The databases a bench runs on: on-disk PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export type BenchDbKind = "pglite-disk" | "postgres";
export function benchDbKinds(): BenchDbKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite-disk", "postgres"] : ["pglite-disk"];
}

/**
 * A fresh migrated database of `kind`: PGlite in `dataDir/pglite` (on disk, as `npm start` runs it) or
 * a uniquely named database on the TEST_DATABASE_URL server, dropped by `close()`.
 */
export async function openBenchDatabase(kind: BenchDbKind, dataDir: string) {
  const { createDatabase, runMigrations } = await import("../apps/api/src/db/client");
  if (kind === "pglite-disk") {
    const database = await createDatabase({ pgliteDir: `${dataDir}/pglite` });
    await runMigrations(database);
    return database;
  }
  const pg = (await import("pg")).default;
  const server = new URL(process.env.TEST_DATABASE_URL!);
  const admin = new URL(server);
  admin.pathname = "/postgres";
  const name = `vt_bench_${process.pid}_${Date.now()}`;
  const adminQuery = async (q: string) => {
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await createDatabase({ databaseUrl: url.toString() });
  await runMigrations(database);
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/**
 * GETs of JSON over one kept-alive connection (node:http), for benches that time a server's
 * answer. Node's global `fetch` spent 0.1 to 0.25 ms of the bench process's own CPU on each
 * request (measured against this client on a bare Fastify route, same run): the bench's work,
 * not the server's (the dashboard's requests come from the browser), yet counted in each sample.
 */
export function jsonClient(baseUrl: string, headers: Record<string, string> = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const getJson = <T = unknown>(path: string): Promise<{ status: number; body: T }> =>
    new Promise((resolve, reject) => {
      get(`${baseUrl}${path}`, { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as T,
            });
          } catch (error) {
            reject(error);
          }
        });
      }).on("error", reject);
    });
  return { get: getJson, close: () => agent.destroy() };
}

/** One row of the issue-13 summary table: a figure, the same-run baseline it is a ratio of, the target. */
export type Row = {
  metric: string;
  baseline: string;
  measured: string;
  ratio: string;
  target: string;
  ok?: boolean;
};

let labBuild: Promise<string> | undefined;
/** The image-pipeline fixture page built once per bench run (shared by the benches that use it). */
export async function imageLabDir(): Promise<string> {
  labBuild ??= (async () => {
    const { buildImageLab } = await import("../apps/web/e2e/image-pipeline/fixture-server");
    const dir = await buildImageLab();
    const { rmSync } = await import("node:fs");
    process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
    return dir;
  })();
  return labBuild;
}

type ProcInfo = { pid: number; comm: string; cpuMs: number };

/** The descendants of `rootPid` whose command name matches `match`, from /proc (Linux). */
async function descendants(rootPid: number, match: RegExp): Promise<ProcInfo[]> {
  const { readdirSync, readFileSync } = await import("node:fs");
  const parent = new Map<number, number>();
  const procs = new Map<number, ProcInfo>();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const fields = stat.slice(close + 2).split(" ");
      const pid = Number(d);
      parent.set(pid, Number(fields[1]));
      // utime + stime, in clock ticks of USER_HZ (100 per second on Linux).
      const cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
      procs.set(pid, { pid, comm: stat.slice(stat.indexOf("(") + 1, close), cpuMs });
    } catch {}
  }
  const isDescendant = (pid: number) => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === rootPid) return true;
    return false;
  };
  return [...procs.values()].filter((p) => isDescendant(p.pid) && match.test(p.comm));
}

/**
 * Proportional set size (MB) of a process and all its descendants, from /proc (Linux): shared pages
 * are split between the processes that map them, so the sum is the tree's real footprint.
 */
export async function treePssMb(rootPid: number, match: RegExp = /./): Promise<number> {
  const { readFileSync } = await import("node:fs");
  let kb = 0;
  for (const { pid } of await descendants(rootPid, match)) {
    try {
      const m = /^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
      if (m) kb += Number(m[1]);
    } catch {}
  }
  return kb / 1024;
}

/** CPU time (ms, user + system, every thread) spent so far by the descendants of a process (Linux). */
export async function treeCpuMs(rootPid: number, match: RegExp = /./): Promise<number> {
  return (await descendants(rootPid, match)).reduce((sum, p) => sum + p.cpuMs, 0);
}

/** A fresh data folder and the app's configuration over it, as `npm start` reads it (quiet logs). */
export function benchConfig(name: string, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `vt-bench-${name}-`));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    AUTH_SECRET: "bench-secret-bench-secret-0123456789",
    ...env,
  });
  return { dataDir, config };
}

/**
 * Chromium driven over a bare DevTools pipe: one tab opened at `url`, scripts evaluated in it, and
 * nothing else enabled. Playwright enables the Network domain on every page, and DevTools then keeps
 * a copy of each response body in the renderer (up to its buffer limit), which a memory bench would
 * count though a user's browser never holds it.
 */
export async function openBareTab(url: string, args: string[], profileDir: string) {
  const { spawn } = await import("node:child_process");
  const child = spawn(
    process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    [
      "--headless=new",
      "--remote-debugging-pipe",
      "--no-first-run",
      "--no-default-browser-check",
      `--user-data-dir=${profileDir}`,
      ...args,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] },
  );
  const toBrowser = child.stdio[3] as import("node:stream").Writable;
  const fromBrowser = child.stdio[4] as import("node:stream").Readable;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let pending = "";
  fromBrowser.setEncoding("utf8");
  fromBrowser.on("data", (data: string) => {
    const parts = (pending + data).split("\0");
    pending = parts.pop()!;
    for (const part of parts) {
      const msg = JSON.parse(part) as { id?: number; result?: unknown; error?: { message: string } };
      const w = msg.id === undefined ? undefined : waiting.get(msg.id);
      if (!w) continue;
      waiting.delete(msg.id!);
      if (msg.error) w.reject(new Error(msg.error.message));
      else w.resolve(msg.result);
    }
  });
  const send = <T>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  const { targetId } = await send<{ targetId: string }>("Target.createTarget", { url });
  const { sessionId } = await send<{ sessionId: string }>("Target.attachToTarget", {
    targetId,
    flatten: true,
  });
  /** The value of `expression` (awaited if it is a promise), passed through JSON. */
  const evaluate = async <T>(expression: string): Promise<T> => {
    const r = await send<{
      result: { value?: T };
      exceptionDetails?: { exception?: { description?: string } };
    }>("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true }, sessionId);
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? "evaluate failed");
    return r.result.value as T;
  };
  const close = async () => {
    const exited = new Promise((r) => child.once("exit", r));
    await send("Browser.close").catch(() => {});
    await exited;
  };
  return { evaluate, send: <T>(method: string, params: object = {}) => send<T>(method, params), close };
}

/**
 * CPU time (ms) of every thread of `pids`, summed by "<process kind>/<thread name>" (Linux /proc):
 * the process kind is Chromium's `--type=` (renderer, utility...) or `label` for other processes,
 * thread names without their digits (CompositorTileW, DedicatedWorker, ThreadPoolForeg...). What
 * a profile of a run needs to show which threads did the work.
 */
export function threadCpuMs(pids: number[], label = "process"): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of pids) {
    let kind = label;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      const type = /--type=([\w-]+)/.exec(cmd)?.[1];
      if (type) kind = type;
      else if (/chrom/.test(cmd.split("\0")[0] ?? "")) kind = "browser";
    } catch {
      continue;
    }
    let tids: string[] = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
        const close = stat.lastIndexOf(")");
        const name = stat
          .slice(stat.indexOf("(") + 1, close)
          .replace(/[\d:]+$/, "")
          .replace(/\d+/g, "");
        const fields = stat.slice(close + 2).split(" ");
        const ms = (Number(fields[11]) + Number(fields[12])) * 10;
        const key = `${kind}/${name}`;
        out.set(key, (out.get(key) ?? 0) + ms);
      } catch {}
    }
  }
  return out;
}

/** The pids of `rootPid`'s descendants whose command name matches `match` (Linux /proc). */
export async function descendantPids(rootPid: number, match: RegExp = /./): Promise<number[]> {
  return (await descendants(rootPid, match)).map((p) => p.pid);
}

/** `after - before` per key, keys over `minMs` only, largest first. */
export function cpuDelta(before: Map<string, number>, after: Map<string, number>, minMs = 50) {
  return Object.fromEntries(
    [...after]
      .map(([k, v]) => [k, v - (before.get(k) ?? 0)] as const)
      .filter(([, v]) => v >= minMs)
      .sort((a, b) => b[1] - a[1]),
  );
}

/** A TCP port free on 127.0.0.1 right now (for a server whose address must be known before it starts). */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

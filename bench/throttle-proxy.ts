/**
 * A TCP proxy that throttles one direction, the browser's uplink, to a fixed rate: every
 * connection's bytes towards the server share one link (pieces of PIECE bytes, round-robin between
 * the connections that have bytes waiting, each leaving when the link has carried the one before
 * it), while answers come back unthrottled. It runs in a worker thread of its own, so the server
 * in the bench's main thread (its JSON, its sharp callbacks) cannot delay the link, and it records
 * when the link carried bytes: the busy time and the idle gaps between the first byte and the last.
 *
 * No latency is added and nothing else is emulated: an uplink of `mbps` and nothing more.
 */
import { Worker } from "node:worker_threads";

/** The link's record between two `reset()`s, in absolute milliseconds (performance.timeOrigin based). */
export type LinkRecord = {
  /** Bytes the browser sent through the proxy (requests: headers and bodies). */
  bytesUp: number;
  bytesDown: number;
  /** When the first and the last byte towards the server left the link (null: none yet). */
  firstAt: number | null;
  lastAt: number | null;
  /** Time the link spent carrying bytes, ms. */
  busyMs: number;
  /** Idle stretches of the link longer than 50 ms between the first byte and the last: [start, ms]. */
  gaps: [number, number][];
  connections: number;
};

const PIECE = 16 * 1024;

// The worker's code, plain JavaScript (a worker does not go through the bench's TypeScript loader).
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const net = require("node:net");
const PIECE = ${PIECE};
let bytesPerMs = workerData.mbps * 1e6 / 8 / 1000;
const now = () => performance.timeOrigin + performance.now();
let rec;
const reset = () => { rec = { bytesUp: 0, bytesDown: 0, firstAt: null, lastAt: null, busyMs: 0, gaps: [], connections: 0 }; };
reset();
const conns = [];
let turn = 0;
let linkFreeAt = 0;
let timer = null;
const HIGH = 256 * 1024;

function nextWithData() {
  for (let i = 0; i < conns.length; i++) {
    const c = conns[(turn + i) % conns.length];
    if (c.queued > 0) { turn = (turn + i + 1) % conns.length; return c; }
  }
  return null;
}

function take(c) {
  const parts = [];
  let n = 0;
  while (n < PIECE && c.queue.length > 0) {
    const head = c.queue[0];
    const want = PIECE - n;
    if (head.length <= want) { parts.push(head); n += head.length; c.queue.shift(); }
    else { parts.push(head.subarray(0, want)); c.queue[0] = head.subarray(want); n += want; }
  }
  c.queued -= n;
  return parts.length === 1 ? parts[0] : Buffer.concat(parts, n);
}

// continuous: called as the previous piece left, so the next one starts when the link is free
// (even if this timer fired late); otherwise the link was idle and starts now.
function pump(continuous) {
  if (timer) return;
  const c = nextWithData();
  if (!c) { if (c === null) finishEnds(); return; }
  const piece = take(c);
  const t = now();
  const start = continuous ? Math.min(linkFreeAt, t) : Math.max(t, linkFreeAt);
  const idle = start - linkFreeAt;
  if (rec.firstAt !== null && idle > 50) rec.gaps.push([linkFreeAt, Math.round(idle)]);
  const end = start + piece.length / bytesPerMs;
  rec.busyMs += end - start;
  linkFreeAt = end;
  timer = setTimeout(() => {
    timer = null;
    const at = now();
    if (rec.firstAt === null) rec.firstAt = start;
    rec.lastAt = at;
    rec.bytesUp += piece.length;
    if (!c.closed) c.upstream.write(piece);
    if (c.paused && c.queued < HIGH / 2) { c.paused = false; c.client.resume(); }
    if (c.queued === 0 && c.ended) { c.upstream.end(); }
    pump(true);
  }, Math.max(0, end - t));
}
function finishEnds() {
  for (const c of conns) if (c.ended && c.queued === 0 && !c.upstreamEnded) { c.upstreamEnded = true; c.upstream.end(); }
}

const server = net.createServer((client) => {
  rec.connections++;
  const upstream = net.connect(workerData.port, workerData.host);
  client.setNoDelay(true);
  upstream.setNoDelay(true);
  const c = { client, upstream, queue: [], queued: 0, paused: false, ended: false, closed: false, upstreamEnded: false };
  conns.push(c);
  const drop = () => {
    if (c.closed) return;
    c.closed = true;
    const i = conns.indexOf(c);
    if (i >= 0) conns.splice(i, 1);
    client.destroy();
    upstream.destroy();
  };
  client.on("data", (d) => {
    c.queue.push(d);
    c.queued += d.length;
    if (c.queued > HIGH && !c.paused) { c.paused = true; client.pause(); }
    pump(false);
  });
  client.on("end", () => { c.ended = true; if (c.queued === 0) { c.upstreamEnded = true; upstream.end(); } });
  upstream.on("data", (d) => { rec.bytesDown += d.length; client.write(d); });
  upstream.on("end", () => client.end());
  client.on("error", drop);
  upstream.on("error", drop);
  client.on("close", drop);
  upstream.on("close", () => { if (!c.closed) client.end(); });
});
server.listen(workerData.listenPort, "127.0.0.1", () => parentPort.postMessage({ type: "listening", port: server.address().port }));
parentPort.on("message", (m) => {
  if (m.type === "rate") { bytesPerMs = m.mbps * 1e6 / 8 / 1000; parentPort.postMessage({ type: "ok" }); }
  else if (m.type === "reset") { reset(); parentPort.postMessage({ type: "ok" }); }
  else if (m.type === "record") parentPort.postMessage({ type: "record", record: rec });
  else if (m.type === "close") { for (const c of [...conns]) { c.client.destroy(); c.upstream.destroy(); } server.close(() => parentPort.postMessage({ type: "ok" })); }
});
`;

/**
 * Starts the proxy on 127.0.0.1:`listenPort` (0: any) in front of `target`, the uplink at `mbps`
 * megabits per second.
 */
export async function startThrottleProxy(
  target: { host: string; port: number },
  mbps: number,
  listenPort = 0,
) {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { host: target.host, port: target.port, mbps, listenPort },
  });
  const answers: ((m: { type: string; port?: number; record?: LinkRecord }) => void)[] = [];
  worker.on("message", (m) => answers.shift()?.(m));
  const ask = <T>(message?: object) =>
    new Promise<T>((resolve) => {
      answers.push(resolve as never);
      if (message) worker.postMessage(message);
    });
  const { port } = await ask<{ port: number }>();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    setRate: (next: number) => ask({ type: "rate", mbps: next }),
    /** Starts a new record (bytes, busy time, gaps). */
    reset: () => ask({ type: "reset" }),
    record: async () => (await ask<{ record: LinkRecord }>({ type: "record" })).record,
    close: async () => {
      await ask({ type: "close" });
      await worker.terminate();
    },
  };
}

export type ThrottleProxy = Awaited<ReturnType<typeof startThrottleProxy>>;

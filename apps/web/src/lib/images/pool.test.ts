import { afterEach, describe, expect, it, vi } from "vitest";
import { ImageProcessingError } from "./errors";
import { ImagePool } from "./pool";
import { defaultPoolSize, poolSizeFor } from "./pool-size";
import type { FromWorker, ToWorker } from "./protocol";

type Listener = (event: { data: FromWorker }) => void;

/** A stand-in for the module worker: answers each job after `delay` ms (or when told to). */
class FakeWorker {
  static all: FakeWorker[] = [];
  listeners = new Map<string, ((e: unknown) => void)[]>();
  received: ToWorker[] = [];
  terminated = false;
  running: number[] = [];

  constructor(
    readonly behaviour: {
      delay?: number;
      fail?: (id: number) => FromWorker | null;
      manual?: boolean;
      neverReady?: boolean;
    } = {},
  ) {
    FakeWorker.all.push(this);
    if (!behaviour.neverReady) queueMicrotask(() => this.emit({ type: "ready" }));
  }

  addEventListener(type: string, fn: (e: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }

  emit(data: FromWorker) {
    for (const fn of this.listeners.get("message") ?? []) (fn as Listener)({ data });
  }

  crash(message = "boom") {
    for (const fn of this.listeners.get("error") ?? []) fn({ message, preventDefault() {} });
  }

  postMessage(msg: ToWorker) {
    this.received.push(msg);
    if (msg.type !== "run") return;
    this.running.push(msg.id);
    if (this.behaviour.manual) return;
    setTimeout(() => this.answer(msg.id), this.behaviour.delay ?? 5);
  }

  answer(id: number) {
    this.running = this.running.filter((r) => r !== id);
    this.emit({ type: "progress", id, progress: { stage: "encode", fraction: 0.6 } });
    const failure = this.behaviour.fail?.(id);
    if (failure) return this.emit(failure);
    const result = {
      blob: new Blob(["x"]),
      name: `job-${id}.jpg`,
      width: 1,
      height: 1,
      type: "image/jpeg",
      unchanged: false,
    };
    this.emit({ type: "result", id, result });
  }

  terminate() {
    this.terminated = true;
  }
}

const jpeg = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: "image/jpeg" });

afterEach(() => {
  FakeWorker.all = [];
  vi.useRealTimers();
});

describe("defaultPoolSize", () => {
  it("is one worker per core, at most two per GB of deviceMemory (4 when unknown) and 8, at least 1", () => {
    expect(poolSizeFor(16, 8)).toBe(8);
    expect(poolSizeFor(6, 8)).toBe(6);
    expect(poolSizeFor(8, 2)).toBe(4);
    expect(poolSizeFor(8, 0.5)).toBe(1);
    expect(poolSizeFor(8, 0.25)).toBe(1);
    expect(poolSizeFor(undefined, undefined)).toBe(2);
  });

  it("reads hardwareConcurrency (jsdom reports no deviceMemory: at most 4)", () => {
    const spy = vi.spyOn(navigator, "hardwareConcurrency", "get");
    spy.mockReturnValue(16);
    expect(defaultPoolSize()).toBe(4);
    spy.mockReturnValue(2);
    expect(defaultPoolSize()).toBe(2);
    spy.mockReturnValue(0);
    expect(defaultPoolSize()).toBe(2);
    spy.mockRestore();
  });
});

describe("ImagePool with workers", () => {
  it("runs at most `size` jobs at once, spawns lazily and reports progress", async () => {
    const pool = new ImagePool({ size: 2, createWorker: () => new FakeWorker() as unknown as Worker });
    expect(pool.mode).toBe("worker");
    const stages: string[] = [];
    const jobs = [1, 2, 3, 4, 5].map(() =>
      pool.processPage(jpeg(), { onProgress: (p) => stages.push(p.stage) }),
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(FakeWorker.all).toHaveLength(2);
    expect(pool.pending).toEqual({ queued: 3, running: 2 });
    const results = await Promise.all(jobs);
    expect(results.map((r) => r.name)).toEqual([
      "job-1.jpg",
      "job-2.jpg",
      "job-3.jpg",
      "job-4.jpg",
      "job-5.jpg",
    ]);
    expect(stages.filter((s) => s === "queued")).toHaveLength(5);
    expect(stages.filter((s) => s === "encode")).toHaveLength(5);
    expect(FakeWorker.all).toHaveLength(2);
  });

  it("passes a GIF through without a worker", async () => {
    const pool = new ImagePool({ size: 1, createWorker: () => new FakeWorker() as unknown as Worker });
    const gif = new File(
      [new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x40, 0x01, 0xe0, 0x01, 0])],
      "a.png",
    );
    const out = await pool.processPage(gif);
    expect(out).toMatchObject({ unchanged: true, name: "a.gif", width: 320, height: 480, type: "image/gif" });
    expect(FakeWorker.all).toHaveLength(0);
  });

  it("rebuilds coded errors sent by the worker", async () => {
    const pool = new ImagePool({
      size: 1,
      createWorker: () =>
        new FakeWorker({
          fail: (id) => ({
            type: "error",
            id,
            error: { name: "ImageProcessingError", message: "Checksum mismatch", code: "checksumMismatch" },
          }),
        }) as unknown as Worker,
    });
    const error = await pool.unscramblePage(jpeg(), "aB3xH7sKzy").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageProcessingError);
    expect(error).toMatchObject({ code: "checksumMismatch", i18nKey: "errors.image.checksumMismatch" });
  });

  it("cancels a queued job without running it and a running one by message", async () => {
    const pool = new ImagePool({
      size: 1,
      createWorker: () => new FakeWorker({ manual: true }) as unknown as Worker,
    });
    const running = new AbortController();
    const queued = new AbortController();
    const a = pool.scramblePage(jpeg(), { signal: running.signal });
    const b = pool.scramblePage(jpeg(), { signal: queued.signal });
    const c = pool.scramblePage(jpeg());
    queued.abort();
    await expect(b).rejects.toMatchObject({ name: "AbortError" });
    running.abort();
    await expect(a).rejects.toMatchObject({ name: "AbortError" });
    const worker = FakeWorker.all[0]!;
    expect(worker.received.map((m) => m.type)).toEqual(["run", "cancel"]);
    // The slot is freed when the worker answers the cancelled job; then the next job runs.
    worker.emit({ type: "error", id: 1, error: { name: "AbortError", message: "aborted" } });
    expect(worker.received.at(-1)).toMatchObject({ type: "run", id: 3 });
    worker.answer(3);
    await expect(c).resolves.toMatchObject({ name: "job-3.jpg" });
    await expect(pool.processPage(jpeg(), { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: "AbortError",
    });
  });

  it("falls back to the main thread when a worker cannot start", async () => {
    const pool = new ImagePool({
      size: 2,
      createWorker: () => {
        throw new Error("module workers unsupported");
      },
    });
    const job = pool.processPage(jpeg()).catch((e: unknown) => e);
    await job;
    expect(pool.mode).toBe("main-thread");
    expect(pool.concurrency).toBe(1);
  });

  it("falls back to the main thread when the worker script fails to load, and re-runs its job there", async () => {
    let made = 0;
    const pool = new ImagePool({
      size: 1,
      createWorker: () => {
        made++;
        const w = new FakeWorker({ manual: true, neverReady: true });
        setTimeout(() => w.crash("Failed to load module script"), 1);
        return w as unknown as Worker;
      },
    });
    // jsdom has no canvas: the main-thread attempt ends in a coded image error, not a hang.
    const error = await pool.processPage(jpeg()).catch((e: unknown) => e);
    expect(made).toBe(1);
    expect(pool.mode).toBe("main-thread");
    expect(error).toBeInstanceOf(ImageProcessingError);
  });

  it("rejects the job of a worker that crashes after starting and replaces the worker", async () => {
    const pool = new ImagePool({
      size: 1,
      createWorker: () => new FakeWorker({ manual: true }) as unknown as Worker,
    });
    const a = pool.processPage(jpeg());
    await new Promise((r) => setTimeout(r, 0));
    FakeWorker.all[0]!.crash("out of memory");
    await expect(a).rejects.toThrow("out of memory");
    expect(FakeWorker.all[0]!.terminated).toBe(true);
    const b = pool.processPage(jpeg());
    await new Promise((r) => setTimeout(r, 0));
    expect(FakeWorker.all).toHaveLength(2);
    FakeWorker.all[1]!.answer(2);
    await expect(b).resolves.toMatchObject({ name: "job-2.jpg" });
    expect(pool.mode).toBe("worker");
  });

  it("terminate() rejects pending jobs", async () => {
    const pool = new ImagePool({
      size: 1,
      createWorker: () => new FakeWorker({ manual: true }) as unknown as Worker,
    });
    const a = pool.processPage(jpeg());
    const b = pool.processPage(jpeg());
    await new Promise((r) => setTimeout(r, 0));
    pool.terminate();
    await expect(a).rejects.toMatchObject({ name: "AbortError" });
    await expect(b).rejects.toMatchObject({ name: "AbortError" });
    await expect(pool.processPage(jpeg())).rejects.toMatchObject({ name: "AbortError" });
  });
});

import { describe, expect, it } from "vitest";
import type { ProcessedPage } from "./canvas-ops";
import { abortError } from "./errors";
import { type PipelineFile, runPipeline, Semaphore } from "./pipeline";
import type { ImagePool, JobOptions } from "./pool";
import type { ScrambledPage } from "./scramble-ops";

type Deferred<T> = { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void };
function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

/** A pool whose jobs finish when the test says so. */
class ManualPool {
  readonly concurrency = 2;
  jobs: { name: string; op: string; done: Deferred<ProcessedPage | ScrambledPage>; options: JobOptions }[] =
    [];

  processPage(file: Blob, options: JobOptions & { name?: string } = {}) {
    const done = deferred<ProcessedPage>();
    this.jobs.push({ name: options.name ?? "", op: "process", done, options } as never);
    options.signal?.addEventListener("abort", () => done.reject(abortError()));
    options.onProgress?.({ stage: "decode", fraction: 0.05 });
    return done.promise.then((p) => ({ ...p, blob: file }));
  }

  scramblePage(_file: Blob, options: JobOptions = {}) {
    const done = deferred<ScrambledPage>();
    this.jobs.push({ name: "", op: "scramble", done, options } as never);
    return done.promise;
  }

  finish(i: number) {
    const job = this.jobs[i]!;
    if (job.op === "scramble") {
      job.done.resolve({
        blob: new Blob(["s"]),
        key: "aB3xH7sKzz",
        fileName: "AbCdEfGhIj_0L6643.jpg",
        name: "AbCdEfGhIj_0L6643.jpg",
        width: 1300,
        height: 1957,
        scrambledHeight: 1993,
        type: "image/jpeg",
      });
    } else {
      job.done.resolve({
        blob: new Blob(),
        name: job.name.replace(/\.\w+$/, ".jpg"),
        width: 10,
        height: 20,
        type: "image/jpeg",
        unchanged: false,
      });
    }
  }
}

const files = (n: number) => Array.from({ length: n }, (_, i) => new File([`page ${i}`], `${i + 1}.png`));

describe("runPipeline", () => {
  it("uploads a page as soon as it is processed, while later pages still process", async () => {
    const pool = new ManualPool();
    const uploads: Deferred<string>[] = [];
    const started: number[] = [];
    const run = runPipeline(files(4), {
      pool: pool as unknown as ImagePool,
      upload: (_page, index) => {
        started.push(index);
        const d = deferred<string>();
        uploads[index] = d;
        return d.promise;
      },
    });
    await tick();
    expect(pool.jobs).toHaveLength(2); // concurrency 2
    expect(run.files().map((f) => f.state)).toEqual(["processing", "processing", "queued", "queued"]);

    pool.finish(1);
    await tick();
    expect(started).toEqual([1]);
    expect(run.files()[1]!.state).toBe("uploading");
    expect(pool.jobs).toHaveLength(3); // page 3 started processing in the freed slot
    expect(run.files()[1]!.page).toMatchObject({ name: "2.jpg", scrambled: false, width: 10, height: 20 });

    uploads[1]!.resolve("url-2");
    pool.finish(0);
    pool.finish(2);
    await tick();
    pool.finish(3);
    await tick();
    for (const i of [0, 2, 3]) uploads[i]!.resolve(`url-${i + 1}`);
    const done = await run.done;
    expect(done.map((f) => f.state)).toEqual(["done", "done", "done", "done"]);
    expect(done.map((f) => f.result)).toEqual(["url-1", "url-2", "url-3", "url-4"]);
    expect(run.progress().percent).toBe(100);
  });

  it("bounds processed pages held in memory (backpressure on slow uploads)", async () => {
    const pool = new ManualPool();
    const run = runPipeline(files(6), {
      pool: pool as unknown as ImagePool,
      uploadConcurrency: 1,
      maxInFlight: 3,
      upload: () => new Promise<never>(() => {}),
    });
    await tick();
    pool.finish(0);
    pool.finish(1);
    await tick();
    pool.finish(2);
    await tick();
    // 3 pages in flight (1 uploading, 2 waiting): page 4 must not start processing.
    expect(pool.jobs).toHaveLength(3);
    expect(run.files().map((f) => f.state)).toEqual([
      "uploading",
      "processing",
      "processing",
      "queued",
      "queued",
      "queued",
    ]);
    run.cancel();
    await run.done;
  });

  it("retries only the failed file, re-uploading without processing again", async () => {
    const pool = new ManualPool();
    let attempts = 0;
    const changes: PipelineFile<string>[] = [];
    const run = runPipeline<string>(files(2), {
      pool: pool as unknown as ImagePool,
      onFileChange: (f) => changes.push(f),
      upload: async (page, index) => {
        if (index === 1 && attempts++ === 0) throw new Error("network down");
        return `${page.name}@${index}`;
      },
    });
    await tick();
    pool.finish(0);
    pool.finish(1);
    const first = await run.done;
    expect(first.map((f) => f.state)).toEqual(["done", "error"]);
    expect(first[1]!.error).toBeInstanceOf(Error);
    expect(first[1]!.cancelled).toBe(false);
    expect(run.progress()).toMatchObject({ done: 1, error: 1, percent: 50 });

    const retried = await run.retry(1);
    expect(retried).toMatchObject({ state: "done", result: "2.jpg@1", attempts: 2 });
    expect(pool.jobs).toHaveLength(2); // not processed again
    expect(changes.filter((c) => c.index === 1).map((c) => c.state)).toEqual([
      "queued",
      "processing",
      "uploading",
      "error",
      "queued",
      "uploading",
      "done",
    ]);
    expect(await run.retry(0)).toMatchObject({ state: "done", attempts: 1 });
    await expect(run.retry(9)).rejects.toThrow(RangeError);
  });

  it("scrambles pages and hands the key to the upload", async () => {
    const pool = new ManualPool();
    const seen: { name: string; key?: string; scrambled: boolean }[] = [];
    const run = runPipeline([new File(["\x89PNG\r\n\x1a\n...."], "1.png")], {
      pool: pool as unknown as ImagePool,
      scramble: true,
      upload: async (page) => {
        seen.push({ name: page.name, key: page.key, scrambled: page.scrambled });
        return page.key;
      },
    });
    await tick();
    expect(pool.jobs[0]!.op).toBe("scramble");
    pool.finish(0);
    await run.done;
    expect(seen).toEqual([{ name: "AbCdEfGhIj_0L6643.jpg", key: "aB3xH7sKzz", scrambled: true }]);
  });

  it("keeps GIFs unchanged in a scrambled chapter unless asked otherwise", async () => {
    const gif = () => new File(["GIF89a\x01\x00\x01\x00rest"], "anim.gif");
    const pool = new ManualPool();
    runPipeline([gif()], { pool: pool as unknown as ImagePool, scramble: true, upload: async () => 1 });
    await tick();
    await tick();
    expect(pool.jobs[0]!.op).toBe("process");
    const pool2 = new ManualPool();
    runPipeline([gif()], {
      pool: pool2 as unknown as ImagePool,
      scramble: true,
      scrambleGifs: true,
      upload: async () => 1,
    });
    await tick();
    await tick();
    expect(pool2.jobs[0]!.op).toBe("scramble");
  });

  it("yields settled files through async iteration and can cancel one file or all", async () => {
    const pool = new ManualPool();
    const external = new AbortController();
    const run = runPipeline(files(3), {
      pool: pool as unknown as ImagePool,
      signal: external.signal,
      upload: async (_p, index) => index,
    });
    await tick();
    run.cancel(1);
    pool.finish(0);
    const order: [number, string][] = [];
    const iterating = (async () => {
      for await (const f of run) order.push([f.index, f.state]);
    })();
    await tick();
    external.abort();
    await iterating;
    const final = run.files();
    expect(final[0]).toMatchObject({ state: "done", result: 0 });
    expect(final[1]).toMatchObject({ state: "error", cancelled: true });
    expect(final[2]).toMatchObject({ state: "error", cancelled: true });
    expect(order.map(([i]) => i).sort()).toEqual([0, 1, 2]);
    await expect(run.retry(1)).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("Semaphore", () => {
  it("grants in FIFO order and removes aborted waiters", async () => {
    const s = new Semaphore(1);
    const order: string[] = [];
    const r1 = await s.acquire();
    const ac = new AbortController();
    const granted = (name: string) => (release: () => void) => {
      order.push(name);
      return release;
    };
    const p2 = s.acquire(ac.signal).then(granted("2"));
    const p3 = s.acquire().then(granted("3"));
    ac.abort();
    await expect(p2).rejects.toMatchObject({ name: "AbortError" });
    r1();
    r1(); // releasing twice is harmless
    (await p3)();
    expect(order).toEqual(["3"]);
    const r4 = await s.acquire();
    r4();
  });
});

import { describe, expect, it } from "vitest";
import { batchProgress, createUploadBatcher } from "./upload-batcher";

type Call = {
  pages: readonly string[];
  signal: AbortSignal;
  progress: (loaded: number, total: number | undefined) => void;
  finish: () => void;
  fail: (error: unknown) => void;
};

/** A fake transport: each request waits until the test finishes or fails it. */
function transport() {
  const calls: Call[] = [];
  const send = (
    pages: readonly string[],
    signal: AbortSignal,
    progress: (loaded: number, total: number | undefined) => void,
  ) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({
        pages,
        signal,
        progress,
        finish: () => resolve(pages.map((p) => `stored:${p}`)),
        fail: reject,
      });
    });
  return { calls, send };
}

const limits = { maxPages: 3, maxBytes: 1000, requestsAtOnce: 1 };
const tick = () => new Promise((r) => setTimeout(r, 0));

describe("upload batcher", () => {
  it("shares a request's progress out over its pages by their byte ranges", () => {
    expect(batchProgress([100, 300], 0, 400)).toEqual([0, 0]);
    expect(batchProgress([100, 300], 100, 400)).toEqual([1, 0]);
    expect(batchProgress([100, 300], 250, 400)).toEqual([1, 0.5]);
    expect(batchProgress([100, 300], 400, 400)).toEqual([1, 1]);
    // Form overhead (800 of 1200 bytes are the pages) is spread in proportion.
    expect(batchProgress([400, 400], 600, 1200)).toEqual([1, 0]);
  });

  it("sends the first page at once and the pages that waited meanwhile together, each answered with its own result", async () => {
    const { calls, send } = transport();
    const upload = createUploadBatcher(send, (p: string) => p.length * 100, limits);
    const signal = new AbortController().signal;
    const fractions: Record<string, number[]> = {};
    const up = (p: string) =>
      upload(p, signal, (f) => {
        fractions[p] = [...(fractions[p] ?? []), f];
      });
    const results = ["a", "b", "c", "d", "e"].map(up);
    await tick();
    expect(calls.map((c) => c.pages)).toEqual([["a"]]);
    calls[0]!.finish();
    await tick();
    // Waiting: b c d e; at most 3 pages per request.
    expect(calls.map((c) => c.pages)).toEqual([["a"], ["b", "c", "d"]]);
    calls[1]!.progress(150, 300);
    calls[1]!.finish();
    await tick();
    expect(calls[2]!.pages).toEqual(["e"]);
    calls[2]!.finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d", "e"].map((p) => `stored:${p}`));
    expect(fractions).toEqual({ b: [1], c: [0.5], d: [0] });
  });

  it("keeps a batch within the byte budget, a larger page going alone", async () => {
    const { calls, send } = transport();
    const upload = createUploadBatcher(send, (p: string) => (p === "big" ? 5000 : 400), limits);
    const signal = new AbortController().signal;
    const all = ["first", "x", "y", "big", "z"].map((p) => upload(p, signal, () => {}));
    await tick();
    for (let i = 0; i < 4; i++) {
      calls[i]!.finish();
      await tick();
    }
    await Promise.all(all);
    expect(calls.map((c) => c.pages)).toEqual([["first"], ["x", "y"], ["big"], ["z"]]);
  });

  it("fails every page of a failed request, and a retry batches them again", async () => {
    const { calls, send } = transport();
    const upload = createUploadBatcher(send, () => 1, limits);
    const signal = new AbortController().signal;
    const first = upload("a", signal, () => {});
    const b = upload("b", signal, () => {});
    const c = upload("c", signal, () => {});
    await tick();
    calls[0]!.finish();
    await first;
    await tick();
    calls[1]!.fail(new Error("network"));
    await expect(b).rejects.toThrow("network");
    await expect(c).rejects.toThrow("network");
    const again = [upload("b", signal, () => {}), upload("c", signal, () => {})];
    await tick();
    expect(calls[2]!.pages).toEqual(["b"]);
    calls[2]!.finish();
    await tick();
    expect(calls[3]!.pages).toEqual(["c"]);
    calls[3]!.finish();
    expect(await Promise.all(again)).toEqual(["stored:b", "stored:c"]);
  });

  it("lets a request run for its other pages when one is cancelled, and aborts it when all are", async () => {
    const { calls, send } = transport();
    const upload = createUploadBatcher(send, () => 1, limits);
    const first = new AbortController();
    const blocker = upload("a", first.signal, () => {});
    const one = new AbortController();
    const two = new AbortController();
    const b = upload("b", one.signal, () => {});
    const c = upload("c", two.signal, () => {});
    await tick();
    calls[0]!.finish();
    await blocker;
    await tick();
    const batch = calls[1]!;
    expect(batch.pages).toEqual(["b", "c"]);
    one.abort();
    await expect(b).rejects.toMatchObject({ name: "AbortError" });
    expect(batch.signal.aborted).toBe(false);
    two.abort();
    expect(batch.signal.aborted).toBe(true);
    batch.fail(new DOMException("aborted", "AbortError"));
    await expect(c).rejects.toMatchObject({ name: "AbortError" });
  });
});

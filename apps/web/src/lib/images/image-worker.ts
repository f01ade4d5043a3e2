/**
 * Module worker of the image pool: runs one job at a time with OffscreenCanvas and answers with
 * progress, then a result or an error (see protocol.ts). Created by pool.ts with
 * `new Worker(new URL("./image-worker.ts", import.meta.url), { type: "module" })`.
 */

import type { OpContext } from "./canvas-ops";
import { abortError, serializeError } from "./errors";
import type { FromWorker, ToWorker } from "./protocol";
import { runJob } from "./run-job";

declare const self: DedicatedWorkerGlobalScope;

const cancelled = new Set<number>();

function post(message: FromWorker, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

self.addEventListener("message", (event: MessageEvent<ToWorker>) => {
  const msg = event.data;
  if (msg.type === "cancel") {
    cancelled.add(msg.id);
    return;
  }
  const { id, job } = msg;
  const ctx: OpContext = {
    progress: (progress) => post({ type: "progress", id, progress }),
    checkAborted: () => {
      if (cancelled.has(id)) throw abortError();
    },
  };
  runJob(job, ctx).then(
    (result) => {
      cancelled.delete(id);
      post({ type: "result", id, result });
    },
    (error: unknown) => {
      cancelled.delete(id);
      post({ type: "error", id, error: serializeError(error) });
    },
  );
});

post({ type: "ready" });

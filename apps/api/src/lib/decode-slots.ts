/**
 * Bounds the image decoding work of the whole process (docs/operations.md, "The image gate"): the
 * image gate's decode (and the re-encode of non-page images) runs through `decodeSlots.run`, at
 * most `limit` at once (one per core); further checks wait in a first-come-first-served queue of at
 * most `queue`. When the queue is full the check is refused at once with 429 upload.gateBusy and a
 * `Retry-After` estimated from the recent decode times, instead of piling up memory and CPU. One
 * request holds at most a few places (the gate checks at most GATE_OVERLAP + 1 files of a request
 * at once), so one uploader cannot take every slot: other requests' files are served in arrival
 * order between theirs.
 *
 *   const pixels = await decodeSlots.run(() => sharp(bytes).raw().toBuffer());
 */
import { availableParallelism } from "node:os";
import { AppError } from "./app-error";
import { metrics } from "./metrics";

export interface DecodeSlotOptions {
  /** Decodes running at once. */
  limit: number;
  /** Decodes waiting for a slot; one more is refused with 429. */
  queue: number;
}

/** One decode per core (sharp itself uses libvips threads inside each). */
export const DECODE_LIMIT = Math.max(1, availableParallelism());
/** About 30 files of up to 7 MB waiting: bounded memory, and seconds of work at most. */
export const DECODE_QUEUE = 32;

export class DecodeSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Moving average of one decode's duration, in ms (for Retry-After). */
  private averageMs = 50;

  constructor(private options: DecodeSlotOptions) {}

  /** Changes the limits (tests); running and waiting decodes keep their places. */
  configure(options: DecodeSlotOptions): void {
    this.options = options;
    this.drain();
  }

  get limits(): DecodeSlotOptions {
    return { ...this.options };
  }

  /** Runs `work` in a slot, waiting in line for one; 429 upload.gateBusy when the line is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.limit) {
      if (this.waiting.length >= this.options.queue) throw this.busy();
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        metrics.decodeQueue.set(this.waiting.length);
      });
    } else {
      this.running += 1;
    }
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.averageMs = this.averageMs * 0.8 + (performance.now() - started) * 0.2;
      metrics.decodes.inc();
      this.running -= 1;
      this.drain();
    }
  }

  /** Hands free slots to the first in line (a handed slot is counted as running at once). */
  private drain(): void {
    while (this.running < this.options.limit && this.waiting.length > 0) {
      this.running += 1;
      this.waiting.shift()!();
    }
    metrics.decodeQueue.set(this.waiting.length);
  }

  private busy(): AppError {
    const ahead = this.running + this.waiting.length;
    const seconds = Math.max(1, Math.ceil((ahead * this.averageMs) / this.options.limit / 1000));
    return new AppError("RATE_LIMITED", "upload.gateBusy", { params: { seconds }, retryAfter: seconds });
  }
}

/** The process's decode slots, shared by every upload route. */
export const decodeSlots = new DecodeSlots({ limit: DECODE_LIMIT, queue: DECODE_QUEUE });

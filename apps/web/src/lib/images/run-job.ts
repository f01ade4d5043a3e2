/**
 * Runs one image job, in a worker (image-worker.ts) or on the main thread when workers are not
 * available (pool.ts): the one place that maps a job's `op` to its operation.
 */
import { type OpContext, processPageOp } from "./canvas-ops";
import { fingerprintPageOp } from "./fingerprint-ops";
import { type JobRequest, type JobResultMap, toBlob } from "./protocol";
import { scramblePageOp, unscramblePageOp } from "./scramble-ops";
import { splitTallPageOp } from "./split-ops";

export function runJob(job: JobRequest, ctx: OpContext): Promise<JobResultMap[JobRequest["op"]]> {
  switch (job.op) {
    case "process":
      return processPageOp(toBlob(job.input), job.name, job.options, ctx);
    case "scramble":
      return scramblePageOp(toBlob(job.input), job.options, ctx);
    case "unscramble":
      return unscramblePageOp(toBlob(job.input), job.key, job.options, ctx);
    case "split":
      return splitTallPageOp(toBlob(job.input), job.name, job.options, ctx);
    case "fingerprint":
      return fingerprintPageOp(toBlob(job.input), ctx);
  }
}

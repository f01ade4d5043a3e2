/**
 * Every job the server runs. Adding one: write `<area>-<verb>.job.ts` with `defineJob` (name,
 * optional cron, `run(data, ctx)`), add it to this list, and send it from code with
 * `app.jobs.send(myJob, data)`. See docs/jobs.md.
 */
import type { AnyJobDefinition } from "./engine";
import { sessionsPrune } from "./sessions-prune.job";
import { storageSweep } from "./storage-sweep.job";

export const JOBS: readonly AnyJobDefinition[] = [storageSweep, sessionsPrune];

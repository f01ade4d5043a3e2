/**
 * `webhooks.deliver`: sends the team webhooks' due deliveries (docs/webhooks.md): every minute, and
 * at once when a request queued one (`wakeWebhooks`). Deliveries are claimed with
 * `FOR UPDATE SKIP LOCKED`, so several instances never send one twice; retries are scheduled on
 * the delivery row (its `next_attempt_at`), not as pg-boss retries.
 */
import { deliverDue } from "../modules/webhooks/webhooks-delivery.service";
import { defineJob, type JobEngine } from "./engine";

export const webhooksDeliver = defineJob({
  name: "webhooks.deliver",
  cron: "* * * * *",
  async run(_data, { db, storage, config, log }) {
    return deliverDue({ db, storage, config, log });
  },
});

/** Queues a run now (never fails the caller; without an engine the every-minute run sends it). */
export async function wakeWebhooks(
  jobs: JobEngine | null | undefined,
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  if (!jobs) return;
  try {
    await jobs.send(webhooksDeliver, {});
  } catch (error) {
    log.warn({ err: error }, "could not queue webhook deliveries");
  }
}

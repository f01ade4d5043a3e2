/**
 * Every job the server runs. Adding one: write `<area>-<verb>.job.ts` with `defineJob` (name,
 * optional cron, `run(data, ctx)`), add it to this list, and send it from code with
 * `app.jobs.send(myJob, data)`. See docs/jobs.md.
 */

import { chaptersNotifyPublished } from "./chapters-notify-published.job";
import type { AnyJobDefinition } from "./engine";
import { imagesThumbnail } from "./images-thumbnail.job";
import { notificationsMail } from "./notifications-mail.job";
import { pagesFingerprint } from "./pages-fingerprint.job";
import { sessionsPrune } from "./sessions-prune.job";
import { storageSweep } from "./storage-sweep.job";
import { trashPurge } from "./trash-purge.job";
import { webhooksDeliver } from "./webhooks-deliver.job";

export const JOBS: readonly AnyJobDefinition[] = [
  storageSweep,
  sessionsPrune,
  trashPurge,
  notificationsMail,
  chaptersNotifyPublished,
  imagesThumbnail,
  webhooksDeliver,
  pagesFingerprint,
];

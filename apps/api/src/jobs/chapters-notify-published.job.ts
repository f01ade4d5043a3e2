/**
 * `chapters.notify-published`: every minute, tells the uploader of each chapter whose scheduled
 * publish time has passed (a `chapter_published` notification, mailed by `notifications.mail`).
 * Once per chapter and publish time; chapters published more than 7 days ago are left alone.
 */
import { notifyScheduledChapters } from "../modules/notifications/notifications.service";
import { queueChapterPublished } from "../modules/webhooks/webhook-events.service";
import { defineJob } from "./engine";

export const chaptersNotifyPublished = defineJob({
  name: "chapters.notify-published",
  cron: "* * * * *",
  async run(_data, { db }) {
    // The team's webhooks hear of each chapter in the transaction of its notification (docs/webhooks.md).
    return { notified: await notifyScheduledChapters(db, new Date(), 7, queueChapterPublished) };
  },
});

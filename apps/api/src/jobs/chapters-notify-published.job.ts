/**
 * `chapters.notify-published`: every minute, tells the uploader of each chapter whose scheduled
 * publish time has passed (a `chapter_published` notification, mailed by `notifications.mail`).
 * Once per chapter and publish time; chapters published more than 7 days ago are left alone.
 */
import * as repo from "../modules/notifications/notifications.repo";
import { defineJob } from "./engine";

const WINDOW_DAYS = 7;

export const chaptersNotifyPublished = defineJob({
  name: "chapters.notify-published",
  cron: "* * * * *",
  async run(_data, { db }) {
    const due = await repo.dueScheduledChapters(db, new Date(), WINDOW_DAYS);
    for (const ch of due) {
      await repo.insertNotifications(db, "chapter_published", [Number(ch.created_by)], {
        chapterId: Number(ch.id),
        chapterOrder: Number(ch.order_num),
        chapterName: ch.name,
        comicId: Number(ch.comic_id),
        comicTitle: ch.comic_title,
        teamId: Number(ch.team_id),
        teamName: ch.team_name,
        publishedAt: new Date(ch.published_at).toISOString(),
      });
    }
    return { notified: due.length };
  },
});

import type { Notification } from "@vt/shared/api-schemas";
import { chapterLabel, type Translate } from "@vt/shared/chapter-label";
import type { TFunction } from "i18next";

/**
 * Where a notification leads: the review tab, my requests, the teams page, the comic (restored),
 * the comic it was merged into, the comics list (a deleted comic is gone for its team), or the
 * chapter. The server's mail links to the same places (notifications.service linkOf).
 */
export function notificationLink(n: Notification): { to: string; search?: Record<string, string> } {
  if (n.kind === "request_to_review") return { to: "/requests", search: { tab: "review" } };
  if (n.kind === "request_decided" || n.kind === "request_superseded") return { to: "/requests" };
  if (n.kind === "invitation") return { to: "/teams" };
  if (n.kind === "comic_deleted") return { to: "/comics" };
  if (n.kind === "comic_restored") return { to: `/comics/${n.data.comicId}` };
  if (n.kind === "comic_merged") return { to: `/comics/${n.data.targetComicId}` };
  if (n.kind === "webhook_paused") return { to: `/teams/${n.data.teamId}/info` };
  return { to: `/comics/${n.data.comicId}/chapters/${n.data.chapterId}` };
}

/** The key of a notification's sentence: some kinds have one per outcome or cause. */
function textKey(n: Notification): string {
  const base = `review.notifications.text.${n.kind}`;
  if (n.kind === "request_decided")
    return `${base}.${n.data.status === "rejected" ? "rejected" : "approved"}`;
  if (n.kind === "request_superseded") return `${base}.${n.data.cause === "merge" ? "merge" : "delete"}`;
  if (n.kind === "comic_deleted") return `${base}.${n.data.requesterTeamName ? "requested" : "body"}`;
  return base;
}

/** The sentence of a notification in the reader's language (statuses and kinds in lower case). */
export function notificationText(t: TFunction, n: Notification): string {
  const d = n.data;
  const names = {
    actor: d.actorName ?? "",
    team: d.teamName ?? "",
    comic: d.comicTitle ?? "",
    target: d.targetComicTitle ?? "",
    requester: d.requesterTeamName ?? "",
    host: d.host ?? "",
    failures: String(d.failures ?? ""),
  };
  // Dynamic keys: i18next's typed t() cannot check them; the catalogue test does.
  const tr = t as unknown as Translate;
  const params = {
    ...names,
    about: d.requestType ? tr(`review.notifications.about.${d.requestType}`, names) : "",
    chapter: chapterLabel({ order: d.chapterOrder ?? 0, name: d.chapterName ?? "" }, tr),
    role: d.role ? tr(`review.notifications.role.${d.role}`) : "",
  };
  return tr(textKey(n), params);
}

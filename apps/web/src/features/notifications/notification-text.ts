import type { TRequestStatus, TRequestType } from "@vt/shared/contracts/comics";
import type { TNotification } from "@vt/shared/contracts/notifications";
import type { TFunction } from "i18next";

/** Where a notification leads: the review tab, my requests, the teams page, or the chapter. */
export function notificationLink(n: TNotification): { to: string; search?: Record<string, string> } {
  if (n.kind === "request_to_review") return { to: "/requests", search: { tab: "review" } };
  if (n.kind === "request_decided") return { to: "/requests" };
  if (n.kind === "invitation") return { to: "/teams" };
  return { to: `/comics/${n.data.comicId}/chapters/${n.data.chapterId}` };
}

/** The sentence of a notification in the reader's language. */
export function notificationText(t: TFunction, n: TNotification): string {
  const d = n.data;
  const params = {
    actor: d.actorName ?? "",
    team: d.teamName ?? "",
    comic: d.comicTitle ?? "",
    type: d.requestType ? t(`requests.type.${d.requestType as TRequestType}`) : "",
    status: d.status ? t(`requests.status.${d.status as TRequestStatus}`) : "",
    chapter: d.chapterName ? `${d.chapterOrder} – ${d.chapterName}` : String(d.chapterOrder ?? ""),
    role: d.role ? t(`review.notifications.role.${d.role as "manager" | "uploader"}`) : "",
  };
  return t(`review.notifications.text.${n.kind}`, params);
}

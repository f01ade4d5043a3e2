import { DEFAULT_LANG } from "@vt/shared/constants";
import { NOTIFICATION_KINDS, type TNotification } from "@vt/shared/contracts/notifications";
import { beforeAll, describe, expect, it } from "vitest";
import { addTexts, i18n } from "@/lib/i18n";
import { en } from "@/locales/resources-en";
import { comicsVi } from "@/locales/vi/comics";
import { notificationsVi } from "@/locales/vi/notifications";
import { notificationLink, notificationText } from "./notification-text";

beforeAll(() => {
  addTexts(DEFAULT_LANG, notificationsVi);
  addTexts(DEFAULT_LANG, comicsVi);
  i18n.addResourceBundle("en", "translation", en, true, true);
});

const n = (kind: TNotification["kind"], data: TNotification["data"]): TNotification => ({
  id: 1,
  kind,
  data,
  read: false,
  createdAt: "2026-11-28T10:00:00.000Z",
});
const names = { comicId: 4, comicTitle: "Mưa Hạ", teamName: "Nhóm Mây", actorName: "Quản Trị" };
const samples: TNotification[] = [
  n("request_to_review", { ...names, requestType: "permission", actorName: "Bình", teamName: "Nhóm Gió" }),
  n("request_decided", { ...names, requestType: "merge", status: "approved", targetComicTitle: "Mưa" }),
  n("request_decided", { ...names, requestType: "delete", status: "rejected" }),
  n("invitation", { teamName: "Nhóm Mây", role: "uploader", actorName: "Mai" }),
  n("chapter_published", { ...names, chapterId: 9, chapterOrder: 3, chapterName: "Kéo thả" }),
  n("request_superseded", { ...names, requestType: "permission", cause: "merge", teamName: "Nhóm Gió" }),
  n("comic_deleted", { ...names, requesterTeamName: "Nhóm Gió" }),
  n("comic_restored", names),
  n("comic_merged", { ...names, targetComicId: 7, targetComicTitle: "Mưa" }),
  n("webhook_paused", { teamId: 2, teamName: "Nhóm Mây", hookId: 5, host: "hooks.example", failures: 5 }),
];

describe("notification sentences", () => {
  it("reads naturally in both languages: statuses and kinds in lower case, names, '-' in chapter labels", () => {
    const vi = i18n.getFixedT("vi");
    const english = i18n.getFixedT("en");
    expect(samples.map((s) => notificationText(vi, s))).toEqual([
      "Bình (Nhóm Gió) xin quyền đăng truyện “Mưa Hạ”",
      "Quản Trị đã duyệt yêu cầu gộp truyện “Mưa Hạ” vào “Mưa”",
      "Quản Trị đã từ chối yêu cầu xóa truyện “Mưa Hạ”",
      "Mai mời bạn vào Nhóm Mây (Người đăng truyện)",
      "Chương 3 - Kéo thả của “Mưa Hạ” đã được đăng theo lịch",
      "Yêu cầu quyền đăng truyện “Mưa Hạ” của Nhóm Gió không còn hiệu lực vì truyện đã được gộp vào truyện khác",
      "Quản Trị đã xóa truyện “Mưa Hạ” của Nhóm Mây theo yêu cầu của Nhóm Gió",
      "Quản Trị đã khôi phục truyện “Mưa Hạ” của Nhóm Mây",
      "Quản Trị đã gộp truyện “Mưa Hạ” của Nhóm Mây vào “Mưa”",
      "Webhook của Nhóm Mây gửi tới hooks.example đã tạm dừng sau 5 lần thất bại liên tiếp",
    ]);
    expect(samples.map((s) => notificationText(english, s))).toEqual([
      "Bình (Nhóm Gió) asks for upload permission for “Mưa Hạ”",
      "Quản Trị approved the request for a merge of “Mưa Hạ” into “Mưa”",
      "Quản Trị rejected the request for the deletion of “Mưa Hạ”",
      "Mai invited you to Nhóm Mây (Uploader)",
      "Chapter 3 - Kéo thả of “Mưa Hạ” was published on schedule",
      "The request of Nhóm Gió for upload permission for “Mưa Hạ” was superseded: the comic was merged into another",
      "Quản Trị deleted “Mưa Hạ” of Nhóm Mây at the request of Nhóm Gió",
      "Quản Trị restored “Mưa Hạ” of Nhóm Mây",
      "Quản Trị merged “Mưa Hạ” of Nhóm Mây into “Mưa”",
      "The webhook of Nhóm Mây posting to hooks.example was paused after 5 failures in a row",
    ]);
    expect(new Set(samples.map((s) => s.kind))).toEqual(new Set(NOTIFICATION_KINDS));
  });

  it("links each to the thing it is about", () => {
    expect(samples.map((s) => notificationLink(s).to)).toEqual([
      "/requests",
      "/requests",
      "/requests",
      "/teams",
      "/comics/4/chapters/9",
      "/requests",
      "/comics",
      "/comics/4",
      "/comics/7",
      "/teams/2/info",
    ]);
  });
});

/**
 * The "changes" of an audit row in words (History tabs of comics and chapters, the admin audit):
 * each field the row records becomes "label: before → after" with a translated label and a value
 * in words (yes/no, dates, statuses and kinds by name, lists by count). Technical fields (ids,
 * storage keys, page ids, settings blobs) and counts that are not the user's (views, saves) are
 * left out: the row's action already says what happened. Never raw JSON, never a raw code.
 * `auditSummary` names the record and the action ("Chương 3 - Kéo thả · tải lên 3 trang").
 */
import { chapterLabel } from "@vt/shared/chapter-label";
import { COMIC_STATUSES } from "@vt/shared/comic-status";
import type { TAuditEntry } from "@vt/shared/contracts/admin";
import { REQUEST_STATUSES, REQUEST_TYPES } from "@vt/shared/request-kinds";
import { formatDateTime } from "@/lib/date-format";

type Kind = "text" | "bool" | "number" | "date" | "status" | "type" | "teams" | "people" | "genres" | "pages";

/** Every field shown, with how its value reads; anything else is left out. */
const FIELDS: Record<string, Kind> = {
  title: "text",
  anotherName: "text",
  description: "text",
  name: "text",
  reason: "text",
  note: "text",
  teamName: "text",
  status: "status",
  type: "type",
  isMature: "bool",
  isDoujinshi: "bool",
  syncArtistsWithAuthors: "bool",
  hideOrder: "bool",
  hideDefaultOrder: "bool",
  hidden: "bool",
  hideDonate: "bool",
  hideCredit: "bool",
  scrambled: "bool",
  order: "number",
  volume: "number",
  fromChapterOrder: "number",
  toChapterOrder: "number",
  pageCount: "number",
  publishAt: "date",
  publishedAt: "date",
  deletedAt: "date",
  donateTeamIds: "teams",
  creditTeamIds: "teams",
  collaboratingTeamIds: "teams",
  personIds: "people",
  genres: "genres",
  pages: "pages",
};

export type Translate = (key: string, options?: Record<string, unknown>) => string;

const oneOf = (list: readonly string[], value: unknown): value is string =>
  typeof value === "string" && list.includes(value);

function words(kind: Kind, key: string, value: unknown, t: Translate, lang: string): string {
  if (value === null || value === undefined || value === "") {
    if (kind === "teams" && key !== "collaboratingTeamIds") return t("review.history.value.allTeams");
    return "—";
  }
  switch (kind) {
    case "bool":
      return value === true ? t("review.history.value.yes") : t("review.history.value.no");
    case "date": {
      const at = typeof value === "number" || typeof value === "string" ? new Date(value) : null;
      return at && Number.isFinite(at.getTime()) ? formatDateTime(at.toISOString(), lang) : "—";
    }
    case "status":
      if (oneOf(REQUEST_STATUSES, value)) return t(`requests.status.${value}`);
      if (oneOf(COMIC_STATUSES, value)) return t(`comicStatus.${value}`);
      if (value === "draft" || value === "published") return t(`review.history.value.${value}`);
      return "—";
    case "type":
      return oneOf(REQUEST_TYPES, value) ? t(`requests.type.${value}`) : "—";
    case "teams":
    case "people":
    case "genres":
    case "pages": {
      const count = Array.isArray(value) ? value.length : 0;
      if (count === 0)
        return kind === "teams" && key !== "collaboratingTeamIds" ? t("review.history.value.allTeams") : "—";
      return t(`review.history.value.${kind}`, { count });
    }
    case "number":
      return typeof value === "number" ? new Intl.NumberFormat(lang).format(value) : "—";
    default: {
      const text = typeof value === "string" ? value : "—";
      return text.length > 80 ? `${text.slice(0, 77)}…` : text;
    }
  }
}

/**
 * The row's fields as "label: before → after" in words; fields without words are left out, and so
 * are fields empty on both sides (a new chapter's volume, schedule or collaborators: "— → —").
 */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  t: Translate,
  lang: string,
): { key: string; label: string; before: string; after: string }[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.flatMap((key) => {
    const kind = FIELDS[key];
    if (!kind) return [];
    const was = before && key in before ? words(kind, key, before[key], t, lang) : "—";
    const is = after && key in after ? words(kind, key, after[key], t, lang) : "—";
    if (was === "—" && is === "—") return [];
    return [{ key, label: t(`review.history.field.${key}`), before: was, after: is }];
  });
}

const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);

/** The record by its current name: “comic title”, the chapter's label, a request's kind and team. */
export function auditSubject(entry: TAuditEntry, t: Translate): string {
  const { subject } = entry;
  if (entry.entity === "chapter" && subject.chapter) return chapterLabel(subject.chapter, t);
  if (entry.entity === "request" && subject.request) {
    const type = oneOf(REQUEST_TYPES, subject.request.type) ? subject.request.type : undefined;
    return t("review.history.subject.request", {
      type: type ? t(`review.history.requestType.${type}`) : "",
      team: subject.request.teamName,
      title: subject.title ?? "",
    });
  }
  if (subject.title && (entry.entity === "comic" || entry.entity === "person"))
    return t("review.history.subject.quoted", { title: subject.title });
  if (subject.title) return subject.title;
  return t(`review.history.entity.${entry.entity}`, { defaultValue: t("review.history.entity.other") });
}

/** The action in words, naming the other team or comic and counting pages where the row records them. */
export function auditAction(entry: TAuditEntry, t: Translate): string {
  const after = entry.after ?? {};
  const action = entry.action;
  if (action === "upload_pages" && Array.isArray(after.pages))
    return t("review.history.action.uploadPagesCount", { count: after.pages.length });
  if (action === "grant_upload" && str(after.teamName))
    return t("review.history.action.grantUploadTo", { team: after.teamName });
  if (action === "merge_from" && str(after.comicTitle))
    return t("review.history.action.mergeFromNamed", { title: after.comicTitle });
  if (action === "merge_into" && str(after.targetComicTitle))
    return t("review.history.action.mergeIntoNamed", { title: after.targetComicTitle });
  return t(`review.history.action.${action}`, { defaultValue: t("review.history.action.other") });
}

/** "What" of a row: the record, then the action ("“Hoa Nở” · nhận nội dung gộp từ “Mưa Hạ”"). */
export const auditSummary = (entry: TAuditEntry, t: Translate) =>
  `${auditSubject(entry, t)} · ${auditAction(entry, t)}`;

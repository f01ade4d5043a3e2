/**
 * One audit entry of the team (GET /teams/{id}/activity) as a sentence: who did what, to whom
 * ("Mai đã mời lan@vi-du.vn làm quản lý"). The API's entries carry the names and values involved
 * in `before`/`after` (apps/api teams.service), so nothing else needs to be fetched. Entities and
 * actions added by later features fall back to a neutral sentence.
 */
import { chapterLabel, type Translate } from "@vt/shared/chapter-label";
import { type TActivityEntry, TEAM_ROLES, type TTeamRole } from "@vt/shared/contracts/teams";
import type { TFunction } from "i18next";

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
const isRole = (value: unknown): value is TTeamRole => (TEAM_ROLES as readonly unknown[]).includes(value);

/** Values the sentence may name: the member or e-mail acted on, and the role involved. */
function subjects(entry: TActivityEntry) {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const target =
    text(after.ownerName) ??
    text(after.teamName) ??
    text(after.name) ??
    text(before.name) ??
    text(after.email) ??
    text(before.email);
  const role = [after.role, before.role].find(isRole);
  return { target, role };
}

/** Fields an update changed, for "… đã cập nhật thông tin nhóm: Tên, Website". */
function changedFields(entry: TActivityEntry, t: TFunction): string | undefined {
  if (entry.action !== "update") return undefined;
  const keys = Object.keys(entry.after ?? entry.before ?? {});
  const names = keys
    .map((key): string => t(`fields.${key}` as "fields.name", { defaultValue: "" }))
    .filter((label) => label !== "");
  return names.length > 0 ? names.join(", ") : undefined;
}

/** The comic and chapter the entry is about, by name (the API joins them in `subject`). */
function named(entry: TActivityEntry, t: TFunction) {
  const after = entry.after ?? {};
  const before = entry.before ?? {};
  const chapter = entry.subject?.chapter;
  return {
    comic: entry.subject?.comicTitle ?? text(after.title) ?? text(before.title) ?? t("teams.activity.aComic"),
    chapter: chapter ? chapterLabel(chapter, t as unknown as Translate) : t("teams.activity.aChapter"),
    volume: after.volume === null || after.volume === undefined ? "—" : String(after.volume),
    from: String(after.fromChapterOrder ?? ""),
    to: String(after.toChapterOrder ?? ""),
  };
}

export function describeActivity(entry: TActivityEntry, t: TFunction): string {
  const { target, role } = subjects(entry);
  const values = {
    actor: entry.actor?.name || t("teams.activity.someone"),
    target: target ?? t("teams.activity.someone"),
    role: role ? t(`teams.roles.${role}`).toLocaleLowerCase() : "",
    ...named(entry, t),
  };
  const key = `teams.activity.${entry.entity}.${entry.action}`;
  // Dynamic key: i18next's typed t() cannot check it; `exists` does at run time.
  const sentence = t(key as "teams.activity.team.create", { ...values, defaultValue: "" });
  if (!sentence) {
    return t("teams.activity.fallback", { ...values, entity: entry.entity, action: entry.action });
  }
  const fields = changedFields(entry, t);
  return fields ? t("teams.activity.changedFields", { sentence, fields }) : sentence;
}

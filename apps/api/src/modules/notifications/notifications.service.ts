/**
 * The notification centre (docs/requests.md, "Notifications"). A notification is created in the
 * transaction of what it reports: a request to review (the owning team's owner and managers for a
 * permission request, admins for the others), a decision on a request (whoever filed it), an
 * invitation (the invitee, when they already have an account) and a chapter published on its
 * schedule (its uploader; the `chapters.notify-published` job) and a team webhook that paused (the
 * team's owner and managers; the `webhooks.deliver` job). Mail goes out afterwards through
 * the mailer (the outbox without SMTP) from the `notifications.mail` job, unless the addressee
 * turned mail off for that kind. The invitation keeps its own mail (invitations/invitation-mail.ts).
 * An account whose address is not verified sees no invitation notification (nor can mark one read):
 * its team, role and inviter wait for the proof, like the invitation itself.
 */

import { chapterLabel } from "@vt/shared/chapter-label";
import {
  NOTIFICATION_KINDS,
  type TNotification,
  type TNotificationKind,
  type TNotificationList,
  type TNotificationSettings,
  type TNotificationSettingsInput,
} from "@vt/shared/contracts/notifications";
import { pageWindow, totalPages } from "@vt/shared/paging";
import type { SessionUser } from "../../auth/session";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Executor } from "../../db/executor";
import { AppError } from "../../lib/app-error";
import { translate } from "../../lib/messages";
import type { Mailer, MailMessage } from "../../mail/mailer";
import * as repo from "./notifications.repo";

const iso = (d: Date | string) => new Date(d).toISOString();

/** The fields of a request's view row (requests.repo) a notification needs. */
export type RequestViewRow = {
  id: number;
  type: string;
  status: string;
  reason: string;
  note: string;
  team_id: number;
  team_name: string;
  user_id: number | null;
  comic_id: number | null;
  comic_title: string | null;
  person_name: string | null;
  comic_team_id: number | null;
  target_comic_id?: number | null;
  target_title?: string | null;
};

function toNotification(row: repo.NotificationRow): TNotification {
  return {
    id: row.id,
    kind: row.kind,
    data: row.data as TNotification["data"],
    read: row.readAt !== null,
    createdAt: iso(row.createdAt),
  };
}

export async function listMine(
  db: Db,
  user: SessionUser,
  query: { unread?: boolean | undefined; page: number; limit: number },
): Promise<TNotificationList> {
  const { rows, total, unread } = await repo.listNotifications(db, user, {
    unread: query.unread === true,
    ...pageWindow(query),
  });
  return {
    items: rows.map(toNotification),
    total,
    totalPages: totalPages(total, query.limit),
    unread,
  };
}

export async function markRead(db: Db, user: SessionUser, id: number): Promise<{ updated: number }> {
  const updated = await repo.markRead(db, user, id);
  if (updated === undefined) throw new AppError("NOT_FOUND");
  return { updated };
}

export async function markAllRead(db: Db, user: SessionUser): Promise<{ updated: number }> {
  return { updated: await repo.markAllRead(db, user) };
}

export async function getSettings(db: Db, user: SessionUser): Promise<TNotificationSettings> {
  const stored = new Map((await repo.mailChoices(db, user.id)).map((r) => [r.kind, r.mail]));
  const mail = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, stored.get(k) ?? true]));
  return { mail: mail as TNotificationSettings["mail"] };
}

export async function putSettings(
  db: Db,
  user: SessionUser,
  input: TNotificationSettingsInput,
): Promise<TNotificationSettings> {
  await db.transaction(async (tx) => {
    for (const kind of NOTIFICATION_KINDS) {
      const mail = input.mail[kind];
      if (mail !== undefined) await repo.setMailChoice(tx, user.id, kind, mail);
    }
  });
  return getSettings(db, user);
}

// ── Creating notifications (in the caller's transaction) ─────────────────────

const requestData = (view: Omit<RequestViewRow, "status" | "reason" | "note" | "comic_team_id">) => ({
  requestId: view.id,
  requestType: view.type,
  comicId: view.comic_id ?? undefined,
  comicTitle: view.comic_title ?? view.person_name ?? "",
  ...(view.target_comic_id
    ? { targetComicId: view.target_comic_id, targetComicTitle: view.target_title ?? "" }
    : {}),
  teamId: view.team_id,
  teamName: view.team_name,
});

/** A request was filed: its reviewers (not the filer) get `request_to_review`. */
export async function notifyRequestFiled(tx: Executor, actor: SessionUser, view: RequestViewRow) {
  // Admins see permission requests in their queue; the owning team is told (admins when it has nobody).
  const team =
    view.type === "permission" && view.comic_team_id !== null
      ? await repo.teamReviewers(tx, view.comic_team_id, actor.id)
      : [];
  const to = team.length > 0 ? team : await repo.admins(tx, actor.id);
  await repo.insertNotifications(tx, "request_to_review", to, {
    ...requestData(view),
    status: view.status,
    actorName: actor.name,
    note: view.reason,
  });
}

/** A request was approved or rejected: whoever filed it (unless they decided it) is told. */
export async function notifyRequestDecided(tx: Executor, actor: SessionUser, view: RequestViewRow) {
  if (view.user_id === null || view.user_id === actor.id) return;
  await repo.insertNotifications(tx, "request_decided", [view.user_id], {
    ...requestData(view),
    status: view.status,
    actorName: actor.name,
    note: view.note,
  });
}

/** The person who acted on a request (approve, reject, cancel) has read its notifications. */
export async function markRequestActedOn(tx: Executor, actor: SessionUser, requestId: number) {
  await repo.markRequestRead(tx, actor.id, requestId);
}

/**
 * Requests a delete or merge of their comic made moot (`superseded`): each one's filer and its
 * team's owner and managers are told (`request_superseded`), not whoever acted.
 */
export async function notifyRequestsSuperseded(
  tx: Executor,
  actor: SessionUser,
  requestIds: number[],
  cause: "delete" | "merge",
) {
  for (const r of await repo.requestFacts(tx, requestIds)) {
    const to = [
      ...(r.user_id === null ? [] : [Number(r.user_id)]),
      ...(await repo.teamReviewers(tx, r.team_id, actor.id)),
    ];
    await repo.insertNotifications(
      tx,
      "request_superseded",
      to.filter((id) => id !== actor.id),
      {
        ...requestData({ ...r, id: Number(r.id), team_id: Number(r.team_id) }),
        status: "superseded",
        actorName: actor.name,
        cause,
      },
    );
  }
}

/**
 * Something changed what a team owns: its comic was deleted (by an admin, or at a request),
 * restored, or merged into another. The owning team's owner and managers are told, except whoever
 * acted and `except` (a request's filer, told by `request_decided`).
 */
export async function notifyComicEvent(
  tx: Executor,
  actor: SessionUser,
  kind: "comic_deleted" | "comic_restored" | "comic_merged",
  comicId: number,
  extra: { targetComicId?: number; requesterTeamId?: number; except?: number[] } = {},
) {
  const comic = await repo.comicFacts(tx, comicId);
  if (!comic) return;
  const except = new Set(extra.except ?? []);
  const to = (await repo.teamReviewers(tx, comic.teamId, actor.id)).filter((id) => !except.has(id));
  const target =
    extra.targetComicId === undefined ? undefined : await repo.comicFacts(tx, extra.targetComicId);
  const requester =
    extra.requesterTeamId === undefined || extra.requesterTeamId === comic.teamId
      ? undefined
      : await repo.teamName(tx, extra.requesterTeamId);
  await repo.insertNotifications(tx, kind, to, {
    comicId,
    comicTitle: comic.title,
    teamId: comic.teamId,
    teamName: comic.teamName,
    actorName: actor.name,
    ...(target ? { targetComicId: extra.targetComicId, targetComicTitle: target.title } : {}),
    ...(requester ? { requesterTeamName: requester } : {}),
  });
}

/**
 * An invitation to an address that already has an account: an in-app notification (its mail is
 * the invitation mail, sent by the invitations service). Answers whether that mail should go out: false
 * only when the invitee turned invitation mail off.
 */
export async function notifyInvitation(
  tx: Executor,
  actor: SessionUser,
  input: { email: string; teamId: number; teamName: string; role: string },
): Promise<boolean> {
  const userId = await repo.userIdByEmail(tx, input.email);
  if (userId === undefined) return true;
  const rows = await repo.insertNotifications(tx, "invitation", [userId], {
    teamId: input.teamId,
    teamName: input.teamName,
    role: input.role,
    actorName: actor.name,
  });
  if (rows > 0) await repo.markInvitationMailed(tx, userId);
  const choice = (await repo.mailChoices(tx, userId)).find((c) => c.kind === "invitation");
  return choice?.mail ?? true;
}

/** A team webhook paused after repeated failures: the team's owner and managers are told. */
export async function notifyWebhookPaused(
  tx: Executor,
  teamId: number,
  data: { hookId: number; host: string; failures: number },
) {
  const to = await repo.teamReviewers(tx, teamId, 0);
  const teamName = await repo.teamName(tx, teamId);
  await repo.insertNotifications(tx, "webhook_paused", to, { teamId, teamName: teamName ?? "", ...data });
}

// ── Mail ─────────────────────────────────────────────────────────────────────

const oneLine = (s: unknown) =>
  String(s ?? "")
    .replace(/[\r\n\t]+/g, " ")
    .slice(0, 200);

/** Where a notification leads (the web's notification-text.ts gives the same places). */
function linkOf(publicUrl: string, kind: TNotificationKind, data: Record<string, unknown>): string {
  if (kind === "request_to_review") return `${publicUrl}/requests?tab=review`;
  if (kind === "request_decided" || kind === "request_superseded") return `${publicUrl}/requests`;
  if (kind === "invitation") return `${publicUrl}/teams`;
  // The comic is gone for its team (only admins see a deleted comic in the trash): their comics.
  if (kind === "comic_deleted") return `${publicUrl}/comics`;
  if (kind === "comic_restored") return `${publicUrl}/comics/${Number(data.comicId)}`;
  if (kind === "comic_merged") return `${publicUrl}/comics/${Number(data.targetComicId)}`;
  if (kind === "webhook_paused") return `${publicUrl}/teams/${Number(data.teamId)}/info`;
  return `${publicUrl}/comics/${Number(data.comicId)}/chapters/${Number(data.chapterId)}`;
}

/** The body's key: a request decision by its outcome, a superseded one by its cause, a delete by who asked. */
function bodyKey(kind: TNotificationKind, data: Record<string, unknown>): string {
  if (kind === "request_decided") return data.status === "rejected" ? "rejected" : "approved";
  if (kind === "request_superseded") return data.cause === "merge" ? "merge" : "delete";
  if (kind === "comic_deleted" && data.requesterTeamName) return "requested";
  return "body";
}

/** The mail of a notification, Vietnamese then English (the addressee's language is not stored). */
export function notificationMail(
  publicUrl: string,
  to: string,
  kind: TNotificationKind,
  data: Record<string, unknown>,
): MailMessage {
  const link = linkOf(publicUrl, kind, data);
  const text = (lang: "vi" | "en") => {
    const t = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
    const names = {
      comic: oneLine(data.comicTitle),
      target: oneLine(data.targetComicTitle),
      team: oneLine(data.teamName),
      requester: oneLine(data.requesterTeamName),
      actor: oneLine(data.actorName),
    };
    const params = {
      ...names,
      about: data.requestType ? t(`notifyMail.about.${String(data.requestType)}`, names) : "",
      reason: oneLine(data.note),
      note: oneLine(data.note),
      chapter: chapterLabel({ order: Number(data.chapterOrder ?? 0), name: oneLine(data.chapterName) }, t),
      host: oneLine(data.host),
      failures: Number(data.failures ?? 0),
      link,
    };
    return {
      subject: t(`notifyMail.${kind}.subject`, params),
      body: `${t(`notifyMail.${kind}.${bodyKey(kind, data)}`, params).trim()}\n\n${t("notifyMail.footer", params)}`,
    };
  };
  const vi = text("vi");
  const en = text("en");
  return { to, subject: `${vi.subject} / ${en.subject}`, text: `${vi.body}\n\n---\n\n${en.body}\n` };
}

export interface MailDeps {
  db: Db;
  mailer: Pick<Mailer, "send">;
  config: Pick<Config, "publicUrl">;
  log: { warn(o: object, m: string): void };
}

/**
 * Sends the mail of every notification not mailed yet (skipping kinds the addressee turned off).
 * Each batch is claimed and marked mailed in one short transaction (a concurrent run skips it),
 * then sent; a mail that fails is unmarked for the next run. Answers the counts.
 */
export async function mailPending(deps: MailDeps, batch = 100): Promise<{ sent: number; skipped: number }> {
  let sent = 0;
  let skipped = 0;
  for (;;) {
    const claimed = await deps.db.transaction(async (tx) => {
      const rows = await repo.claimUnmailed(tx, batch);
      await repo.setMailed(
        tx,
        rows.map((r) => r.id),
      );
      return rows;
    });
    const failed: number[] = [];
    for (const row of claimed) {
      if (row.mail === false || !row.email) {
        skipped += 1;
        continue;
      }
      try {
        await deps.mailer.send(notificationMail(deps.config.publicUrl, row.email, row.kind, row.data));
        sent += 1;
      } catch (error) {
        failed.push(row.id);
        deps.log.warn({ err: error, notificationId: row.id }, "could not send a notification mail");
      }
    }
    await repo.setUnmailed(deps.db, failed);
    if (claimed.length < batch || failed.length === claimed.length) break;
  }
  return { sent, skipped };
}

/** Chapters whose scheduled time passed: each uploader gets `chapter_published` once (the job). */
export async function notifyScheduledChapters(
  db: Db,
  now = new Date(),
  days = 7,
  /** Runs in each notification's transaction (the job queues the webhook event there). */
  onPublished?: (tx: Executor, chapterId: number) => Promise<unknown>,
): Promise<number> {
  const due = await repo.dueScheduledChapters(db, now, days);
  for (const ch of due) {
    // The notification marks the chapter as announced: the webhook event goes in the same transaction.
    await db.transaction(async (tx) => {
      await onPublished?.(tx, Number(ch.id));
      await repo.insertNotifications(tx, "chapter_published", [Number(ch.created_by)], {
        chapterId: Number(ch.id),
        chapterOrder: Number(ch.order_num),
        chapterName: ch.name,
        comicId: Number(ch.comic_id),
        comicTitle: ch.comic_title,
        teamId: Number(ch.team_id),
        teamName: ch.team_name,
        publishedAt: new Date(ch.published_at).toISOString(),
      });
    });
  }
  return due.length;
}

/**
 * The notification centre (docs/requests.md, "Notifications"). A notification is created in the
 * transaction of what it reports: a request to review (the owning team's owner and managers for a
 * permission request, admins for the others), a decision on a request (whoever filed it), an
 * invitation (the invitee, when they already have an account) and a chapter published on its
 * schedule (its uploader; the `chapters.notify-published` job). Mail goes out afterwards through
 * the mailer (the outbox without SMTP) from the `notifications.mail` job, unless the addressee
 * turned mail off for that kind. The invitation keeps its own mail (invitations/invitation-mail.ts).
 * An account whose address is not verified sees no invitation notification (nor can mark one read):
 * its team, role and inviter wait for the proof, like the invitation itself.
 */
import {
  NOTIFICATION_KINDS,
  type TNotification,
  type TNotificationKind,
  type TNotificationList,
  type TNotificationSettings,
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
  input: TNotificationSettings,
): Promise<TNotificationSettings> {
  await db.transaction(async (tx) => {
    for (const kind of NOTIFICATION_KINDS) await repo.setMailChoice(tx, user.id, kind, input.mail[kind]);
  });
  return getSettings(db, user);
}

// ── Creating notifications (in the caller's transaction) ─────────────────────

const requestData = (view: RequestViewRow) => ({
  requestId: view.id,
  requestType: view.type,
  status: view.status,
  comicId: view.comic_id ?? undefined,
  comicTitle: view.comic_title ?? view.person_name ?? "",
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
    actorName: actor.name,
    note: view.reason,
  });
}

/** A request was approved or rejected: whoever filed it (unless they decided it) is told. */
export async function notifyRequestDecided(tx: Executor, actor: SessionUser, view: RequestViewRow) {
  if (view.user_id === null || view.user_id === actor.id) return;
  await repo.insertNotifications(tx, "request_decided", [view.user_id], {
    ...requestData(view),
    actorName: actor.name,
    note: view.note,
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

// ── Mail ─────────────────────────────────────────────────────────────────────

const oneLine = (s: unknown) =>
  String(s ?? "")
    .replace(/[\r\n\t]+/g, " ")
    .slice(0, 200);

function linkOf(publicUrl: string, kind: TNotificationKind, data: Record<string, unknown>): string {
  if (kind === "request_to_review") return `${publicUrl}/requests?tab=review`;
  if (kind === "request_decided") return `${publicUrl}/requests`;
  if (kind === "invitation") return `${publicUrl}/teams`;
  return `${publicUrl}/comics/${Number(data.comicId)}/chapters/${Number(data.chapterId)}`;
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
    const params = {
      comic: oneLine(data.comicTitle),
      team: oneLine(data.teamName),
      type: translate(lang, `requests.type.${String(data.requestType ?? "")}`),
      status: translate(lang, `requests.status.${String(data.status ?? "")}`),
      reason: oneLine(data.note),
      note: oneLine(data.note),
      chapter: data.chapterName
        ? `${data.chapterOrder} – ${oneLine(data.chapterName)}`
        : String(data.chapterOrder ?? ""),
      link,
    };
    return {
      subject: translate(lang, `notifyMail.${kind}.subject`, params),
      body: `${translate(lang, `notifyMail.${kind}.body`, params)}\n\n${translate(lang, "notifyMail.footer", params)}`,
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
export async function notifyScheduledChapters(db: Db, now = new Date(), days = 7): Promise<number> {
  const due = await repo.dueScheduledChapters(db, now, days);
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
  return due.length;
}

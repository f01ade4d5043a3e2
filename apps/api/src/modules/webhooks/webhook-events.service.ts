/**
 * The team events webhooks report (docs/webhooks.md, "Events"). Each is queued by
 * `queueWebhookEvent` in the transaction of the change it reports (a rolled-back change sends
 * nothing), as one delivery row per active hook of the team that listens to it; the
 * `webhooks.deliver` job sends them (webhooks-delivery.service.ts). This module depends on the
 * database only, so every service may call it.
 */
import { randomUUID } from "node:crypto";
import type { TWebhookEvent } from "@vt/shared/contracts/webhooks";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/executor";
import * as repo from "./webhooks.repo";

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The team as every payload carries it (its credit text when enabled, else its name). */
export interface EventTeam {
  id: number;
  name: string;
  credit: string;
}

/**
 * Stores one delivery of `event` for each active hook of the team that listens to it; answers how
 * many. `once`: hooks that already have a delivery of this event whose data contains it are
 * skipped (an event reached twice is queued once).
 */
export async function queueWebhookEvent(
  tx: Executor,
  teamId: number,
  event: TWebhookEvent,
  data: Record<string, unknown>,
  once?: Record<string, unknown>,
): Promise<number> {
  const hooks = await repo.hooksFor(tx, teamId, event, once);
  if (hooks.length === 0) return 0;
  const team = await teamOf(tx, teamId);
  for (const hook of hooks)
    await repo.insertDelivery(tx, { hookId: hook.id, eventId: randomUUID(), event, data: { team, ...data } });
  return hooks.length;
}

async function teamOf(tx: Executor, teamId: number): Promise<EventTeam> {
  const rows = await tx.execute<{ name: string; credit: string | null }>(sql`
    select t.name,
      (select cr.text from team_credit cr where cr.team_id = t.id and cr.enabled and cr.text <> '') as credit
    from teams t where t.id = ${teamId}`);
  const row = rows.rows[0];
  return { id: teamId, name: row?.name ?? "", credit: row?.credit ?? row?.name ?? "" };
}

/**
 * A chapter event (`chapter.published`, `.unpublished`, `.deleted`) for the hooks of the chapter's
 * team, with the chapter and its comic as they are now. `chapter.published` is queued once per
 * chapter and publish time, however it is reached (a plain publish, then the schedule job).
 */
export async function queueChapterEvent(
  tx: Executor,
  chapterId: number,
  event: "chapter.published" | "chapter.unpublished" | "chapter.deleted",
): Promise<number> {
  const rows = await tx.execute<{
    id: number;
    team_id: number;
    order_num: number;
    name: string;
    hide_order: boolean;
    published_at: Date | string | null;
    comic_id: number;
    comic_title: string;
    cover: string | null;
  }>(sql`
    select ch.id, ch.team_id, ch.order_num, ch.name, ch.hide_order, ch.published_at,
      c.id as comic_id, c.title as comic_title, c.thumbnail as cover
    from chapters ch join comics c on c.id = ch.comic_id
    where ch.id = ${chapterId}`);
  const ch = rows.rows[0];
  if (!ch) return 0;
  const publishedAt = iso(ch.published_at);
  const data = {
    chapter: {
      id: Number(ch.id),
      order: Number(ch.order_num),
      name: ch.name,
      hideOrder: ch.hide_order === true,
      publishedAt,
    },
    comic: { id: Number(ch.comic_id), title: ch.comic_title, cover: ch.cover },
  };
  const once = event === "chapter.published" ? { chapter: { id: Number(ch.id), publishedAt } } : undefined;
  return queueWebhookEvent(tx, Number(ch.team_id), event, data, once);
}

/** `chapter.published` (the schedule job's callback, chapters-notify-published.job.ts). */
export const queueChapterPublished = (tx: Executor, chapterId: number) =>
  queueChapterEvent(tx, chapterId, "chapter.published");

/** `comic.created`, for the hooks of the comic's team. */
export async function queueComicCreated(
  tx: Executor,
  comic: { id: number; teamId: number; title: string; thumbnail: string | null },
  actorName: string,
): Promise<number> {
  return queueWebhookEvent(tx, comic.teamId, "comic.created", {
    comic: { id: comic.id, title: comic.title, cover: comic.thumbnail },
    actorName,
  });
}

/**
 * A request event (`request.filed`, `.decided`, `.superseded`) for the hooks of the team that filed
 * it and of the team owning its comic (once when they are the same), with the request as it is now.
 */
export async function queueRequestEvent(
  tx: Executor,
  requestId: number,
  event: "request.filed" | "request.decided" | "request.superseded",
): Promise<number> {
  const rows = await tx.execute<{
    id: number;
    type: string;
    status: string;
    reason: string;
    note: string;
    team_id: number;
    team_name: string;
    comic_id: number | null;
    comic_title: string | null;
    cover: string | null;
    comic_team_id: number | null;
    target_comic_id: number | null;
    target_title: string | null;
    person_id: number | null;
    created_at: Date | string;
    reviewed_at: Date | string | null;
  }>(sql`
    select r.id, r.type, r.status, r.reason, r.note, r.team_id, t.name as team_name,
      c.id as comic_id, c.title as comic_title, c.thumbnail as cover, c.team_id as comic_team_id,
      tc.id as target_comic_id, tc.title as target_title, r.person_id, r.created_at, r.reviewed_at
    from requests r join teams t on t.id = r.team_id
      left join comics c on c.id = r.comic_id
      left join comics tc on tc.id = r.target_comic_id
    where r.id = ${requestId}`);
  const r = rows.rows[0];
  if (!r) return 0;
  const data = {
    request: {
      id: Number(r.id),
      type: r.type,
      status: r.status,
      reason: r.reason,
      note: r.note,
      team: { id: Number(r.team_id), name: r.team_name },
      targetComic:
        r.target_comic_id === null ? null : { id: Number(r.target_comic_id), title: r.target_title ?? "" },
      personId: r.person_id === null ? null : Number(r.person_id),
      createdAt: iso(r.created_at),
      reviewedAt: iso(r.reviewed_at),
    },
    ...(r.comic_id === null
      ? {}
      : { comic: { id: Number(r.comic_id), title: r.comic_title ?? "", cover: r.cover } }),
  };
  const teams = new Set([Number(r.team_id), ...(r.comic_team_id === null ? [] : [Number(r.comic_team_id)])]);
  let queued = 0;
  for (const teamId of teams) queued += await queueWebhookEvent(tx, teamId, event, data);
  return queued;
}

/** `member.joined` / `member.left` (`reason`: left by themselves, or removed by a manager). */
export async function queueMemberEvent(
  tx: Executor,
  teamId: number,
  member: { id: number; name: string; role: string },
  event: "member.joined" | "member.left",
  reason?: "left" | "removed",
): Promise<number> {
  return queueWebhookEvent(tx, teamId, event, {
    member: { id: member.id, name: member.name, role: member.role, ...(reason ? { reason } : {}) },
  });
}

/**
 * Rules of team webhooks (docs/webhooks.md, docs/permissions.md): managers and owners (and admins)
 * list, add, change, delete hooks and rotate their secret, read the delivery log, re-send a failed
 * delivery and send a test event; every other member gets 403, anyone else 404. The secret is
 * answered by create and rotate only and never written to the audit history or the log.
 * Events are queued by `queueWebhookEvent` (webhook-events.service.ts) in the transaction of what they
 * report and sent by the `webhooks.deliver` job (webhooks-delivery.service.ts).
 */
import { randomBytes, randomUUID } from "node:crypto";
import {
  type TWebhook,
  type TWebhookDelivery,
  type TWebhookDeliveryList,
  type TWebhookList,
  type TWebhookWithSecret,
  WEBHOOKS_PER_TEAM,
  type ZCreateWebhookRequest,
  type ZUpdateWebhookRequest,
} from "@vt/shared/contracts/webhooks";
import type { z } from "zod";
import type { SessionUser } from "../../auth/session";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Executor } from "../../db/executor";
import { AppError, checkVersion } from "../../lib/app-error";
import { changedFields } from "../../lib/audit";
import { inTeamTx, teamAccess, teamAudit } from "../teams/teams.service";
import { resolveHookAddress } from "./webhook-address";
import * as repo from "./webhooks.repo";

export interface WebhooksDeps {
  db: Db;
  config: Pick<Config, "webhookAllowPrivate">;
  /** Wakes the delivery job (null without the job engine: the every-minute run sends it). */
  wake: () => Promise<void>;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const newSecret = () => `whsec_${randomBytes(24).toString("base64url")}`;

function toHook(row: repo.HookRow): TWebhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as TWebhook["events"],
    format: row.format,
    linkTemplate: row.linkTemplate,
    paused: row.pausedAt !== null,
    consecutiveFailures: row.consecutiveFailures,
    version: row.version,
    createdAt: iso(row.createdAt)!,
  };
}

function toDelivery(row: repo.DeliveryRow): TWebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    responseCode: row.responseCode,
    responseExcerpt: row.responseExcerpt,
    createdAt: iso(row.createdAt)!,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: row.status === "pending" ? iso(row.nextAttemptAt) : null,
  };
}

/** A hook's address as the audit history shows it: its origin only (a Discord URL's path is a token). */
export function redactUrl(url: string): string {
  const u = new URL(url);
  return u.pathname.length > 1 || u.search ? `${u.origin}/…` : u.origin;
}

type HookView = Pick<repo.HookRow, "url" | "events" | "format" | "linkTemplate" | "pausedAt">;
const fullView = (row: HookView) => ({ ...auditView(row), url: row.url });

/** What the audit history keeps of a hook: never the secret, the address without its path. */
const auditView = (row: HookView) => ({
  url: redactUrl(row.url),
  events: row.events,
  format: row.format,
  linkTemplate: row.linkTemplate,
  paused: row.pausedAt !== null,
});

const notFound = () => new AppError("NOT_FOUND");

async function hookOf(db: Executor, teamId: number, hookId: number, lock = false) {
  const row = await repo.findHook(db, teamId, hookId, lock);
  if (!row) throw notFound();
  return row;
}

export async function listHooks(
  deps: WebhooksDeps,
  user: SessionUser,
  teamId: number,
): Promise<TWebhookList> {
  await teamAccess(deps.db, user, teamId, "manage");
  return { items: (await repo.listHooks(deps.db, teamId)).map(toHook) };
}

export async function createHook(
  deps: WebhooksDeps,
  user: SessionUser,
  teamId: number,
  input: z.output<typeof ZCreateWebhookRequest>,
): Promise<TWebhookWithSecret> {
  await teamAccess(deps.db, user, teamId, "manage");
  await resolveHookAddress(input.url, deps.config.webhookAllowPrivate);
  const secret = newSecret();
  const row = await inTeamTx(deps, user, teamId, "manage", async (tx) => {
    if ((await repo.countHooks(tx, teamId)) >= WEBHOOKS_PER_TEAM)
      throw new AppError("CONFLICT", "webhooks.tooMany", { params: { max: WEBHOOKS_PER_TEAM } });
    const created = await repo.insertHook(tx, { ...input, teamId, secret, createdBy: user.id });
    await teamAudit(tx, user, teamId, {
      entity: "webhook",
      entityId: created.id,
      action: "create",
      after: auditView(created),
    });
    return created;
  });
  return { ...toHook(row), secret };
}

export async function updateHook(
  deps: WebhooksDeps,
  user: SessionUser,
  teamId: number,
  hookId: number,
  input: z.output<typeof ZUpdateWebhookRequest>,
): Promise<TWebhook> {
  await teamAccess(deps.db, user, teamId, "manage");
  await resolveHookAddress(input.url, deps.config.webhookAllowPrivate);
  const row = await inTeamTx(deps, user, teamId, "manage", async (tx) => {
    const before = await hookOf(tx, teamId, hookId, true);
    checkVersion(before.version, input.version);
    const pausedAt =
      input.paused === undefined ? before.pausedAt : input.paused ? (before.pausedAt ?? new Date()) : null;
    const next = {
      url: input.url,
      events: input.events,
      format: input.format,
      linkTemplate: input.linkTemplate,
      pausedAt,
    };
    const full = changedFields(fullView(before), fullView(next));
    if (!full) return before;
    const changed = Object.keys(full.after);
    const pick = (view: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(view).filter(([k]) => changed.includes(k)));
    const diff = { before: pick(auditView(before)), after: pick(auditView(next)) };
    // Resuming starts the failure count afresh.
    const saved = await repo.updateHook(tx, hookId, {
      ...next,
      ...(pausedAt === null && before.pausedAt !== null ? { consecutiveFailures: 0 } : {}),
    });
    await teamAudit(tx, user, teamId, { entity: "webhook", entityId: hookId, action: "update", ...diff });
    return saved;
  });
  if (row.pausedAt === null) await deps.wake();
  return toHook(row);
}

export async function deleteHook(deps: WebhooksDeps, user: SessionUser, teamId: number, hookId: number) {
  await inTeamTx(deps, user, teamId, "manage", async (tx) => {
    const before = await hookOf(tx, teamId, hookId, true);
    await repo.deleteHook(tx, hookId);
    await teamAudit(tx, user, teamId, {
      entity: "webhook",
      entityId: hookId,
      action: "delete",
      before: auditView(before),
    });
  });
}

export async function rotateSecret(
  deps: WebhooksDeps,
  user: SessionUser,
  teamId: number,
  hookId: number,
): Promise<TWebhookWithSecret> {
  const secret = newSecret();
  const row = await inTeamTx(deps, user, teamId, "manage", async (tx) => {
    await hookOf(tx, teamId, hookId, true);
    const saved = await repo.updateHook(tx, hookId, { secret });
    // The entry says that the secret changed, never what it is.
    await teamAudit(tx, user, teamId, { entity: "webhook", entityId: hookId, action: "rotate_secret" });
    return saved;
  });
  return { ...toHook(row), secret };
}

export async function listDeliveries(
  deps: WebhooksDeps,
  user: SessionUser,
  teamId: number,
  hookId: number,
): Promise<TWebhookDeliveryList> {
  await teamAccess(deps.db, user, teamId, "manage");
  await hookOf(deps.db, teamId, hookId);
  return { items: (await repo.listDeliveries(deps.db, hookId)).map(toDelivery) };
}

/** Sends a failed delivery again (same event id and payload, a new round of attempts). */
export async function resendDelivery(
  deps: WebhooksDeps,
  user: SessionUser,
  teamId: number,
  hookId: number,
  deliveryId: number,
): Promise<TWebhookDelivery> {
  const row = await inTeamTx(deps, user, teamId, "manage", async (tx) => {
    await hookOf(tx, teamId, hookId, true);
    const delivery = await repo.findDelivery(tx, hookId, deliveryId);
    if (!delivery) throw notFound();
    if (delivery.status !== "failed") throw new AppError("CONFLICT", "webhooks.notFailed");
    await repo.requeueDelivery(tx, deliveryId);
    return (await repo.findDelivery(tx, hookId, deliveryId))!;
  });
  await deps.wake();
  return toDelivery(row);
}

/** Queues a `test` event for the hook (even a paused one is not skipped: the test is how to check it). */
export async function sendTest(
  deps: WebhooksDeps,
  user: SessionUser,
  teamId: number,
  hookId: number,
): Promise<TWebhookDelivery> {
  const row = await inTeamTx(deps, user, teamId, "manage", async (tx, access) => {
    await hookOf(tx, teamId, hookId, true);
    const id = await repo.insertDelivery(tx, {
      hookId,
      eventId: randomUUID(),
      event: "test",
      data: { team: { id: teamId, name: access.team.name }, actorName: user.name },
    });
    return (await repo.findDelivery(tx, hookId, id))!;
  });
  await deps.wake();
  return toDelivery(row);
}

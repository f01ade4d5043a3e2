/** SQL of team webhooks and their deliveries (db/schema/webhooks.ts). */
import { WEBHOOK_LOG_KEEP } from "@vt/shared/contracts/webhooks";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/executor";
import { teamWebhooks, webhookDeliveries } from "../../db/schema/webhooks";

export type HookRow = typeof teamWebhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type HookValues = Pick<HookRow, "url" | "events" | "format" | "linkTemplate">;

export async function listHooks(db: Executor, teamId: number): Promise<HookRow[]> {
  return db.select().from(teamWebhooks).where(eq(teamWebhooks.teamId, teamId)).orderBy(asc(teamWebhooks.id));
}

export async function countHooks(db: Executor, teamId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teamWebhooks).where(eq(teamWebhooks.teamId, teamId));
  return Number(row?.n ?? 0);
}

/** The team's hook `hookId` (`lock`: row lock, in a transaction), or undefined. */
export async function findHook(db: Executor, teamId: number, hookId: number, lock = false) {
  const q = db
    .select()
    .from(teamWebhooks)
    .where(and(eq(teamWebhooks.teamId, teamId), eq(teamWebhooks.id, hookId)))
    .limit(1);
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function insertHook(
  tx: Executor,
  values: HookValues & { teamId: number; secret: string; createdBy: number },
): Promise<HookRow> {
  const [row] = await tx.insert(teamWebhooks).values(values).returning();
  return row!;
}

export async function updateHook(
  tx: Executor,
  hookId: number,
  values: Partial<HookValues & Pick<HookRow, "secret" | "pausedAt" | "consecutiveFailures">>,
): Promise<HookRow> {
  const [row] = await tx
    .update(teamWebhooks)
    .set({ ...values, updatedAt: new Date(), version: sql`${teamWebhooks.version} + 1` })
    .where(eq(teamWebhooks.id, hookId))
    .returning();
  return row!;
}

export async function deleteHook(tx: Executor, hookId: number): Promise<void> {
  await tx.delete(teamWebhooks).where(eq(teamWebhooks.id, hookId));
}

/** Active (not paused) hooks of the team that listen to `event`. */
export async function hooksFor(
  db: Executor,
  teamId: number,
  event: string,
  once?: Record<string, unknown>,
): Promise<HookRow[]> {
  return db
    .select()
    .from(teamWebhooks)
    .where(
      and(
        eq(teamWebhooks.teamId, teamId),
        sql`${teamWebhooks.events} @> ${JSON.stringify([event])}::jsonb`,
        sql`${teamWebhooks.pausedAt} is null`,
        once
          ? sql`not exists (select 1 from webhook_deliveries d where d.hook_id = ${teamWebhooks.id}
              and d.event = ${event} and d.data @> ${JSON.stringify(once)}::jsonb)`
          : undefined,
      ),
    );
}

export async function insertDelivery(
  tx: Executor,
  values: { hookId: number; eventId: string; event: string; data: Record<string, unknown> },
): Promise<number> {
  const [row] = await tx.insert(webhookDeliveries).values(values).returning({ id: webhookDeliveries.id });
  // The log keeps the hook's last deliveries only.
  await tx.execute(sql`
    delete from webhook_deliveries where hook_id = ${values.hookId} and id <= (
      select id from webhook_deliveries where hook_id = ${values.hookId}
      order by id desc offset ${WEBHOOK_LOG_KEEP} limit 1)`);
  return row!.id;
}

export async function listDeliveries(db: Executor, hookId: number): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.hookId, hookId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(WEBHOOK_LOG_KEEP);
}

export async function findDelivery(db: Executor, hookId: number, deliveryId: number) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.hookId, hookId), eq(webhookDeliveries.id, deliveryId)))
    .limit(1);
  return row;
}

/** Makes a failed delivery pending again (a new round of attempts). */
export async function requeueDelivery(tx: Executor, deliveryId: number): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ status: "pending", attempts: 0, nextAttemptAt: new Date() })
    .where(eq(webhookDeliveries.id, deliveryId));
}

export type ClaimedDelivery = {
  id: number;
  hook_id: number;
  event_id: string;
  event: string;
  data: Record<string, unknown>;
  attempts: number;
  created_at: Date | string;
};

/**
 * Claims up to `limit` due deliveries, the oldest pending one of each active hook (a hook's events
 * go out in order), skipping rows another worker holds. Each is leased for `leaseSeconds` (pushed
 * ahead, attempts + 1): a worker that dies leaves it due again afterwards.
 */
export async function claimDue(tx: Executor, now: Date, limit: number, leaseSeconds: number) {
  const at = now.toISOString();
  const rows = await tx.execute<ClaimedDelivery>(sql`
    update webhook_deliveries d set
      attempts = d.attempts + 1,
      last_attempt_at = ${at}::timestamptz,
      next_attempt_at = ${at}::timestamptz + make_interval(secs => ${leaseSeconds})
    where d.id in (
      select x.id from webhook_deliveries x
      join team_webhooks h on h.id = x.hook_id and h.paused_at is null
      where x.status = 'pending' and x.next_attempt_at <= ${at}::timestamptz
        and not exists (
          select 1 from webhook_deliveries y
          where y.hook_id = x.hook_id and y.status = 'pending' and y.id < x.id)
      order by x.id
      limit ${limit}
      for update of x skip locked)
    returning d.id, d.hook_id, d.event_id, d.event, d.data, d.attempts, d.created_at`);
  return rows.rows.map((r) => ({
    ...r,
    id: Number(r.id),
    hook_id: Number(r.hook_id),
    attempts: Number(r.attempts),
  }));
}

export async function hookById(db: Executor, hookId: number) {
  const [row] = await db.select().from(teamWebhooks).where(eq(teamWebhooks.id, hookId)).limit(1);
  return row;
}

export async function recordAttempt(
  db: Executor,
  deliveryId: number,
  outcome: {
    status: "pending" | "delivered" | "failed";
    responseCode: number | null;
    responseExcerpt: string;
    nextAttemptAt: Date | null;
  },
): Promise<void> {
  await db.update(webhookDeliveries).set(outcome).where(eq(webhookDeliveries.id, deliveryId));
}

/** Counts a failed attempt on the hook; answers the new count and whether this call paused it. */
export async function countFailure(tx: Executor, hookId: number, pauseAfter: number, now: Date) {
  const rows = await tx.execute<{ failures: number; paused: boolean; team_id: number }>(sql`
    update team_webhooks h set
      consecutive_failures = h.consecutive_failures + 1,
      paused_at = case when h.paused_at is null and h.consecutive_failures + 1 >= ${pauseAfter}
        then ${now.toISOString()}::timestamptz else h.paused_at end
    from (select id, paused_at as was from team_webhooks where id = ${hookId} for update) old
    where h.id = old.id
    returning h.consecutive_failures as failures, (old.was is null and h.paused_at is not null) as paused, h.team_id`);
  const row = rows.rows[0];
  return row
    ? { failures: Number(row.failures), paused: row.paused === true, teamId: Number(row.team_id) }
    : undefined;
}

export async function resetFailures(db: Executor, hookId: number): Promise<void> {
  await db.update(teamWebhooks).set({ consecutiveFailures: 0 }).where(eq(teamWebhooks.id, hookId));
}

/**
 * Per-user hourly upload quota (issue 9: one account must not be able to fill the disk). Every
 * image that passes the gate is counted before it is stored, in the database (`upload_usage`, one
 * row per user and clock hour), so every API instance shares the counts. A user who belongs to no
 * team gets the small `noTeam` limits (only an avatar and covers to upload); members get the
 * `member` limits (config UPLOAD_QUOTA_*). Over a limit: 429 with a translated message; the
 * refused file is not counted. A request that ends refused (4xx/5xx, e.g. a bad text field after
 * its files passed the gate) stored nothing, so what it counted is given back (`refundUploadQuota`,
 * an onSend hook of app.ts).
 */
import { and, eq, lt, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { requireUser, type SessionUser } from "../auth/session";
import type { UploadLimit } from "../config";
import type { Db } from "../db/client";
import { teamMembers } from "../db/schema/teams";
import { uploadUsage } from "../db/schema/uploads";
import { AppError } from "./app-error";

const HOUR_MS = 60 * 60 * 1000;

function quotaError(limit: UploadLimit, byBytes: boolean): AppError {
  return byBytes
    ? new AppError("RATE_LIMITED", "upload.quotaBytes", {
        params: { max: Math.round(limit.bytes / 1024 / 1024) },
      })
    : new AppError("RATE_LIMITED", "upload.quotaFiles", { params: { max: limit.files } });
}

/** Counts one file of `bytes` against the user's hour, or throws 429 when it would go over. */
function hourOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
}

export async function consumeQuota(
  db: Db,
  userId: number,
  limit: UploadLimit,
  bytes: number,
  now = new Date(),
): Promise<void> {
  if (bytes > limit.bytes) throw quotaError(limit, true);
  const hour = hourOf(now);
  const rows = await db
    .insert(uploadUsage)
    .values({ userId, hour, files: 1, bytes })
    .onConflictDoUpdate({
      target: [uploadUsage.userId, uploadUsage.hour],
      set: {
        files: sql`${uploadUsage.files} + 1`,
        bytes: sql`${uploadUsage.bytes} + excluded.bytes`,
      },
      setWhere: sql`${uploadUsage.files} + 1 <= ${limit.files} and ${uploadUsage.bytes} + excluded.bytes <= ${limit.bytes}`,
    })
    .returning({ files: uploadUsage.files });
  if (rows.length === 0) {
    const [usage] = await db
      .select({ files: uploadUsage.files })
      .from(uploadUsage)
      .where(and(eq(uploadUsage.userId, userId), eq(uploadUsage.hour, hour)));
    throw quotaError(limit, (usage?.files ?? 0) < limit.files);
  }
  if (rows[0]!.files === 1) {
    // First upload of a new hour: the user's earlier hours are no longer needed.
    await db.delete(uploadUsage).where(and(eq(uploadUsage.userId, userId), lt(uploadUsage.hour, hour)));
  }
}

/** The limits that apply to a user: admins and members of any team, or the small no-team ones. */
async function limitFor(request: FastifyRequest, user: SessionUser): Promise<UploadLimit> {
  const { uploadQuota } = request.server.config;
  if (user.role === "admin") return uploadQuota.member;
  const [membership] = await request.server.db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, user.id))
    .limit(1);
  return membership ? uploadQuota.member : uploadQuota.noTeam;
}

/** The limit of each request, looked up once however many files the request carries. */
const requestLimits = new WeakMap<FastifyRequest, Promise<UploadLimit>>();

/** What each request counted, per clock hour, so a refused request can give it back. */
const requestCounts = new WeakMap<
  FastifyRequest,
  { userId: number; hour: Date; files: number; bytes: number }[]
>();

/** Counts one checked upload of the request's signed-in user (see consumeQuota). */
export async function consumeUploadQuota(request: FastifyRequest, bytes: number): Promise<void> {
  const user = await requireUser(request);
  let limit = requestLimits.get(request);
  if (!limit) {
    limit = limitFor(request, user);
    requestLimits.set(request, limit);
  }
  const now = new Date();
  await consumeQuota(request.server.db, user.id, await limit, bytes, now);
  const counts = requestCounts.get(request) ?? [];
  const hour = hourOf(now);
  const entry = counts.find((c) => c.hour.getTime() === hour.getTime());
  if (entry) {
    entry.files += 1;
    entry.bytes += bytes;
  } else counts.push({ userId: user.id, hour, files: 1, bytes });
  requestCounts.set(request, counts);
}

/** Gives back what a request counted (it was refused, so it stored nothing). Idempotent. */
export async function refundUploadQuota(request: FastifyRequest): Promise<void> {
  const counts = requestCounts.get(request);
  if (!counts) return;
  requestCounts.delete(request);
  for (const c of counts) {
    await request.server.db
      .update(uploadUsage)
      .set({
        files: sql`greatest(${uploadUsage.files} - ${c.files}, 0)`,
        bytes: sql`greatest(${uploadUsage.bytes} - ${c.bytes}, 0)`,
      })
      .where(and(eq(uploadUsage.userId, c.userId), eq(uploadUsage.hour, c.hour)));
    await request.server.db
      .delete(uploadUsage)
      .where(
        and(
          eq(uploadUsage.userId, c.userId),
          eq(uploadUsage.hour, c.hour),
          eq(uploadUsage.files, 0),
          eq(uploadUsage.bytes, 0),
        ),
      );
  }
}

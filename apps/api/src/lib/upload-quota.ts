/**
 * Per-user hourly upload quota (one account must not be able to fill the disk). The images of a
 * request that pass the gate are counted in the database (`upload_usage`, one row per user and
 * clock hour), so every API instance shares the counts: ONE statement per request, for the
 * request's total, once its files are read (a statement per image made uploads slow on PGlite:
 * docs/architecture.md, "Round trips and budgets"). A request whose files alone are over a limit is
 * refused as soon as that is seen, without a query. A user who belongs to no team gets the small
 * `noTeam` limits (only an avatar and covers to upload); members get the `member` limits (config
 * UPLOAD_QUOTA_*). Over a limit: 429 with a translated message, nothing counted, and the request
 * stores nothing (what the upload flow stored while reading is removed by it, as for any refusal).
 * An upload refused later (e.g. a bad text field, a rule of the service, a failed transaction)
 * stored nothing, so what it counted is given back (`refundUploadQuota`), by the one upload flow
 * (lib/upload-flow.ts) and nowhere else. A presign counts last (lib/direct-upload.ts), so it never
 * has anything to give back.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { UploadLimit } from "../config";
import type { Db } from "../db/client";
import { uploadUsage } from "../db/schema/uploads";
import { AppError } from "./app-error";

const HOUR_MS = 60 * 60 * 1000;

/** Who uploads: the signed-in user, and whether the member limits apply (admins and team members). */
export interface Uploader {
  userId: number;
  /** Read only when asked: an API token's teams cost a query. */
  member(): Promise<boolean>;
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The uploader of a request (401 when signed out), for the quota and the direct uploads. lib sits
     * below auth (docs/architecture.md), so app.ts sets this from the session (auth/session.ts).
     */
    uploader(request: FastifyRequest): Promise<Uploader>;
  }
}

function quotaError(limit: UploadLimit, byBytes: boolean): AppError {
  return byBytes
    ? new AppError("RATE_LIMITED", "upload.quotaBytes", {
        params: { max: Math.round(limit.bytes / 1024 / 1024) },
      })
    : new AppError("RATE_LIMITED", "upload.quotaFiles", { params: { max: limit.files } });
}

function hourOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
}

/** An amount of uploads: files and their bytes. */
export interface UploadAmount {
  files: number;
  bytes: number;
}

/** Counts `amount` against the user's hour in one statement, or throws 429 when it would go over. */
export async function consumeQuota(
  db: Db,
  userId: number,
  limit: UploadLimit,
  amount: UploadAmount,
  now = new Date(),
): Promise<void> {
  if (amount.files > limit.files || amount.bytes > limit.bytes) {
    throw quotaError(limit, amount.files <= limit.files);
  }
  const hour = hourOf(now);
  const rows = await db
    .insert(uploadUsage)
    .values({ userId, hour, files: amount.files, bytes: amount.bytes })
    .onConflictDoUpdate({
      target: [uploadUsage.userId, uploadUsage.hour],
      set: {
        files: sql`${uploadUsage.files} + excluded.files`,
        bytes: sql`${uploadUsage.bytes} + excluded.bytes`,
      },
      setWhere: sql`${uploadUsage.files} + excluded.files <= ${limit.files} and ${uploadUsage.bytes} + excluded.bytes <= ${limit.bytes}`,
    })
    .returning({ files: uploadUsage.files });
  if (rows.length === 0) {
    const [usage] = await db
      .select({ files: uploadUsage.files })
      .from(uploadUsage)
      .where(and(eq(uploadUsage.userId, userId), eq(uploadUsage.hour, hour)));
    throw quotaError(limit, (usage?.files ?? 0) + amount.files <= limit.files);
  }
  if (rows[0]!.files === amount.files) {
    // First upload of a new hour: the user's earlier hours are no longer needed.
    await db.delete(uploadUsage).where(and(eq(uploadUsage.userId, userId), lt(uploadUsage.hour, hour)));
  }
}

/** The limits that apply to a user: admins and members of a team, or the small no-team ones. */
async function limitFor(request: FastifyRequest): Promise<{ userId: number; limit: UploadLimit }> {
  const { uploadQuota } = request.server.config;
  // The teams come with the session (no query of their own).
  const uploader = await request.server.uploader(request);
  return {
    userId: uploader.userId,
    limit: (await uploader.member()) ? uploadQuota.member : uploadQuota.noTeam,
  };
}

interface RequestQuota {
  limit: Promise<{ userId: number; limit: UploadLimit }>;
  /** Files read by the request and not counted yet. */
  pending: UploadAmount;
  /** What the request counted, per clock hour, so a refused request can give it back. */
  counted: { userId: number; hour: Date; files: number; bytes: number }[];
}
const requestQuotas = new WeakMap<FastifyRequest, RequestQuota>();

function quotaOf(request: FastifyRequest): RequestQuota {
  let quota = requestQuotas.get(request);
  if (!quota) {
    quota = { limit: limitFor(request), pending: { files: 0, bytes: 0 }, counted: [] };
    quota.limit.catch(() => {}); // awaited by the callers
    requestQuotas.set(request, quota);
  }
  return quota;
}

/**
 * Adds one checked upload of `bytes` to the request's pending amount (no query); 429 at once when
 * the request's files alone are over a limit. Counted by commitUploadQuota.
 */
export async function reserveUpload(request: FastifyRequest, bytes: number): Promise<void> {
  const quota = quotaOf(request);
  const { limit } = await quota.limit;
  const files = quota.pending.files + 1;
  const total = quota.pending.bytes + bytes;
  if (files > limit.files || total > limit.bytes) throw quotaError(limit, files <= limit.files);
  quota.pending = { files, bytes: total };
}

/** Counts what the request reserved, in one statement (see consumeQuota); 429 when over. */
export async function commitUploadQuota(request: FastifyRequest): Promise<void> {
  const quota = requestQuotas.get(request);
  if (!quota || quota.pending.files === 0) return;
  const { userId, limit } = await quota.limit;
  const amount = quota.pending;
  quota.pending = { files: 0, bytes: 0 };
  const now = new Date();
  await consumeQuota(request.server.db, userId, limit, amount, now);
  const hour = hourOf(now);
  const entry = quota.counted.find((c) => c.hour.getTime() === hour.getTime());
  if (entry) {
    entry.files += amount.files;
    entry.bytes += amount.bytes;
  } else quota.counted.push({ userId, hour, ...amount });
}

/** Counts uploads of these sizes for the request's signed-in user, in one statement. */
export async function consumeUploadQuota(request: FastifyRequest, sizes: readonly number[]): Promise<void> {
  for (const bytes of sizes) await reserveUpload(request, bytes);
  await commitUploadQuota(request);
}

/** Gives back what a request counted (it was refused, so it stored nothing). Idempotent. */
export async function refundUploadQuota(request: FastifyRequest): Promise<void> {
  const quota = requestQuotas.get(request);
  if (!quota) return;
  const counts = quota.counted;
  quota.counted = [];
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

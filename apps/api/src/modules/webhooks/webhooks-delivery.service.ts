/**
 * Sending webhook deliveries (the `webhooks.deliver` job; docs/webhooks.md). Each due delivery is
 * claimed (one per hook at a time, in order), rendered (our JSON payload or a Discord embed),
 * signed and POSTed to the address resolved and checked just now, with a timeout, no redirects
 * and a capped answer. 2xx: delivered. 429: tried again after `retry_after` / Retry-After. 5xx,
 * network errors and timeouts: tried again with backoff, up to MAX_ATTEMPTS. Other answers: failed.
 * After PAUSE_AFTER failed attempts in a row the hook pauses and its managers are told.
 */
import { createHmac } from "node:crypto";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { chapterLabel } from "@vt/shared/chapter-label";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { translate } from "../../lib/messages";
import type { Storage } from "../../storage/storage";
import { notifyWebhookPaused } from "../notifications/notifications.service";
import { isPrivateAddress, resolveHookAddress } from "./webhook-address";
import * as repo from "./webhooks.repo";

export const MAX_ATTEMPTS = 5;
export const PAUSE_AFTER = 5;
/** Seconds before attempt n + 1 after attempt n failed (n = 1..4). */
export const BACKOFF_SECONDS = [10, 60, 300, 1800] as const;
export const TIMEOUT_MS = 10_000;
/** The longest wait a 429 may ask for (seconds). */
const MAX_RETRY_AFTER = 3600;
/** Answer bytes read at most, and kept in the log. */
const READ_CAP = 64 * 1024;
const EXCERPT_BYTES = 500;
const LEASE_SECONDS = 60;

export interface DeliverDeps {
  db: Db;
  storage: Pick<Storage, "publicUrl">;
  config: Pick<Config, "publicUrl" | "webhookAllowPrivate">;
  log: { warn(o: object, m: string): void; info?(o: object, m: string): void };
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, the X-Webhook-Signature header. */
export function signBody(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

const fill = (template: string, vars: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (m, name: string) =>
    name in vars ? encodeURIComponent(String(vars[name])) : m,
  );

interface EventData {
  chapter?: { id: number; order: number; name: string; hideOrder: boolean; publishedAt: string | null };
  comic?: { id: number; title: string; cover: string | null };
  team?: { id: number; name: string; credit?: string };
  request?: { type: string; status: string; reason: string; note: string; team: { name: string } };
  member?: { name: string; reason?: "left" | "removed" };
  actorName?: string;
}

const vi = (key: string, params?: Record<string, unknown>) =>
  translate("vi", `webhooks.discord.${key}`, params);

/** The Discord embed's title and description of an event other than a chapter's publication. */
function discordText(event: string, data: EventData, title: string): { title: string; description: string } {
  const request = data.request;
  const type = request ? translate("vi", `requests.type.${request.type}`) : "";
  const requestText = () => {
    const lines = [data.comic?.title ?? "", vi("requestBy", { team: request?.team.name ?? "" })];
    if (request?.reason) lines.push(request.reason);
    if (request?.note) lines.push(request.note);
    return lines.filter(Boolean).join("\n");
  };
  switch (event) {
    case "chapter.unpublished":
      return { title: vi("unpublished", { title }), description: "" };
    case "chapter.deleted":
      return { title: vi("deleted", { title }), description: "" };
    case "comic.created":
      return { title: vi("comicCreated", { title: data.comic?.title ?? "" }), description: "" };
    case "request.filed":
      return { title: vi("requestFiled", { type }), description: requestText() };
    case "request.decided":
      return {
        title: vi(request?.status === "approved" ? "requestApproved" : "requestRejected", { type }),
        description: requestText(),
      };
    case "request.superseded":
      return { title: vi("requestSuperseded", { type }), description: requestText() };
    case "member.joined":
      return { title: vi("memberJoined", { name: data.member?.name ?? "" }), description: "" };
    case "member.left":
      return {
        title: vi(data.member?.reason === "removed" ? "memberRemoved" : "memberLeft", {
          name: data.member?.name ?? "",
        }),
        description: "",
      };
    default:
      return { title, description: "" };
  }
}

/** The body sent for a delivery (the same bytes on every attempt). */
export function renderBody(
  deps: Pick<DeliverDeps, "storage" | "config">,
  hook: Pick<repo.HookRow, "format" | "linkTemplate">,
  delivery: { eventId: string; event: string; data: Record<string, unknown>; createdAt: Date | string },
): string {
  const data = delivery.data as EventData;
  const createdAt = new Date(delivery.createdAt).toISOString();
  const coverUrl = data.comic?.cover ? absolute(deps, deps.storage.publicUrl(data.comic.cover)) : null;
  const vars = {
    comicId: data.comic?.id ?? "",
    chapterId: data.chapter?.id ?? "",
    chapterOrder: data.chapter?.order ?? "",
    teamId: data.team?.id ?? "",
  };
  // A deleted chapter has no page to link to.
  const link =
    data.chapter && delivery.event !== "chapter.deleted"
      ? fill(hook.linkTemplate || `${deps.config.publicUrl}/comics/{comicId}/chapters/{chapterId}`, vars)
      : null;
  const label = data.chapter
    ? chapterLabel(data.chapter, (key, params) => translate("vi", key, params))
    : null;

  if (hook.format === "discord") {
    if (delivery.event === "test")
      return JSON.stringify({
        content: vi("test", { team: data.team?.name ?? "" }),
        allowed_mentions: { parse: [] },
      });
    const chapterTitle = `${data.comic?.title ?? ""} – ${label ?? ""}`;
    const text = discordText(delivery.event, data, chapterTitle);
    const description = delivery.event === "chapter.published" ? (label ?? "") : text.description;
    return JSON.stringify({
      allowed_mentions: { parse: [] },
      embeds: [
        {
          title: text.title.slice(0, 256),
          ...(description ? { description: description.slice(0, 4096) } : {}),
          ...(link ? { url: link } : {}),
          ...(coverUrl ? { thumbnail: { url: coverUrl } } : {}),
          footer: { text: (data.team?.credit ?? data.team?.name ?? "").slice(0, 2048) },
          timestamp:
            delivery.event === "chapter.published" ? (data.chapter?.publishedAt ?? createdAt) : createdAt,
        },
      ],
    });
  }
  const { team, comic, chapter, actorName: _actor, ...rest } = data;
  return JSON.stringify({
    id: delivery.eventId,
    type: delivery.event,
    createdAt,
    data: {
      ...(team ? { team } : {}),
      ...(comic ? { comic: { id: comic.id, title: comic.title, coverUrl } } : {}),
      ...(chapter ? { chapter: { ...chapter, label, url: link } } : {}),
      ...rest,
    },
  });
}

function absolute(deps: Pick<DeliverDeps, "config">, url: string): string {
  return url.startsWith("/") ? `${deps.config.publicUrl}${url}` : url;
}

export interface Answer {
  status: number | null;
  headers: IncomingMessage["headers"];
  excerpt: string;
}

/** POSTs once to the address checked just now; never follows a redirect; reads at most READ_CAP bytes. */
export async function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
): Promise<Answer> {
  const target = await resolveHookAddress(url, allowPrivate, false);
  // The connection goes to the address just checked, whatever the name resolves to by then.
  const lookup: LookupFunction = (_host, options, cb) => {
    if (!allowPrivate && isPrivateAddress(target.address)) {
      cb(new Error("refused address"), "", 4);
      return;
    }
    if ((options as { all?: boolean }).all)
      (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else cb(null, target.address, target.family);
  };
  const u = new URL(url);
  const send = u.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<Answer>((resolve, reject) => {
    const req = send(
      u,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup,
        timeout: TIMEOUT_MS,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          resolve({
            status: res.statusCode ?? null,
            headers: res.headers,
            excerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8"),
          });
        res.on("data", (chunk: Buffer) => {
          if (size < READ_CAP) chunks.push(chunk);
          size += chunk.length;
          if (size >= READ_CAP) {
            res.destroy();
            done();
          }
        });
        res.on("end", done);
        res.on("error", () => done());
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timed out after ${TIMEOUT_MS} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** Seconds a 429 asks to wait: Discord's JSON `retry_after`, else the Retry-After header. */
export function retryAfterSeconds(answer: Answer, now: Date): number | null {
  try {
    const parsed = JSON.parse(answer.excerpt) as { retry_after?: unknown };
    if (typeof parsed.retry_after === "number" && parsed.retry_after >= 0) return parsed.retry_after;
  } catch {
    // not JSON: the header decides
  }
  const header = answer.headers["retry-after"];
  if (typeof header === "string") {
    if (/^\d+(\.\d+)?$/.test(header.trim())) return Number(header);
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(0, (at - now.getTime()) / 1000);
  }
  return null;
}

/**
 * Sends every due delivery (claimed a few at a time; a hook's next event once the previous one is
 * settled). `now` is the clock the run uses (tests pass the time a retry is due). Answers counts.
 */
export async function deliverDue(
  deps: DeliverDeps,
  now = new Date(),
  maxRounds = 50,
): Promise<{ delivered: number; retried: number; failed: number }> {
  const counts = { delivered: 0, retried: 0, failed: 0 };
  for (let round = 0; round < maxRounds; round += 1) {
    const claimed = await deps.db.transaction((tx) => repo.claimDue(tx, now, 10, LEASE_SECONDS));
    if (claimed.length === 0) break;
    for (const delivery of claimed) {
      const outcome = await attempt(deps, delivery, now);
      counts[outcome] += 1;
    }
  }
  return counts;
}

async function attempt(
  deps: DeliverDeps,
  delivery: repo.ClaimedDelivery,
  now: Date,
): Promise<"delivered" | "retried" | "failed"> {
  const hook = await repo.hookById(deps.db, delivery.hook_id);
  if (!hook) return "failed";
  const body = renderBody(deps, hook, {
    eventId: delivery.event_id,
    event: delivery.event,
    data: delivery.data,
    createdAt: delivery.created_at,
  });
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = {
    "content-type": "application/json",
    "user-agent": "VuonTruyen-Webhooks/1",
    "x-webhook-id": delivery.event_id,
    "x-webhook-event": delivery.event,
    "x-webhook-timestamp": String(timestamp),
    "x-webhook-signature": `v1=${signBody(hook.secret, timestamp, body)}`,
  };
  let answer: Answer | null = null;
  let error = "";
  try {
    answer = await post(hook.url, headers, body, deps.config.webhookAllowPrivate);
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
    if (error.startsWith("errors.") || error.startsWith("webhooks.")) error = translate("en", error);
  }
  const status = answer?.status ?? null;
  const excerpt = answer ? answer.excerpt : error.slice(0, EXCERPT_BYTES);

  if (status !== null && status >= 200 && status < 300) {
    await repo.recordAttempt(deps.db, delivery.id, {
      status: "delivered",
      responseCode: status,
      responseExcerpt: excerpt,
      nextAttemptAt: null,
    });
    if (hook.consecutiveFailures > 0) await repo.resetFailures(deps.db, hook.id);
    return "delivered";
  }

  // 429 is the receiver pacing us: wait as asked, without counting it as a failure.
  if (status === 429) {
    const wait = Math.min(MAX_RETRY_AFTER, retryAfterSeconds(answer!, now) ?? backoff(delivery.attempts));
    await repo.recordAttempt(deps.db, delivery.id, {
      status: "pending",
      responseCode: status,
      responseExcerpt: excerpt,
      nextAttemptAt: new Date(now.getTime() + Math.ceil(wait * 1000)),
    });
    return "retried";
  }

  const retryable = status === null || status >= 500;
  const retry = retryable && delivery.attempts < MAX_ATTEMPTS;
  await deps.db.transaction(async (tx) => {
    await repo.recordAttempt(tx, delivery.id, {
      status: retry ? "pending" : "failed",
      responseCode: status,
      responseExcerpt: excerpt,
      nextAttemptAt: retry ? new Date(now.getTime() + backoff(delivery.attempts) * 1000) : null,
    });
    const counted = await repo.countFailure(tx, hook.id, PAUSE_AFTER, now);
    if (counted?.paused)
      await notifyWebhookPaused(tx, counted.teamId, {
        hookId: hook.id,
        host: new URL(hook.url).host,
        failures: counted.failures,
      });
  });
  deps.log.warn(
    {
      hookId: hook.id,
      deliveryId: delivery.id,
      attempt: delivery.attempts,
      status,
      error: error || undefined,
    },
    retry ? "webhook delivery failed, will retry" : "webhook delivery failed",
  );
  return retry ? "retried" : "failed";
}

const backoff = (attempts: number) =>
  BACKOFF_SECONDS[Math.min(attempts, BACKOFF_SECONDS.length) - 1] ?? BACKOFF_SECONDS[0];

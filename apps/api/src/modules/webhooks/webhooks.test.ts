/**
 * Team webhooks end to end (issue 30): hooks through the API, events from a published chapter (at
 * once and on its schedule) and the test route, delivered by the job's code to real local
 * receivers on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE=true for this app), signed and verifiable.
 * Retry times are reached by running the delivery with the clock the row asks for, never by waiting.
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../../test/fixtures/api";
import { chapterKit } from "../../../test/fixtures/chapters";
import { createComic } from "../../../test/fixtures/comics";
import { teamKit } from "../../../test/fixtures/teams";
import { auditLog } from "../../db/schema/audit";
import { notifications } from "../../db/schema/notifications";
import { webhookDeliveries } from "../../db/schema/webhooks";
import { notifyScheduledChapters } from "../notifications/notifications.service";
import { queueChapterPublished } from "./webhooks.service";
import { deliverDue, MAX_ATTEMPTS, PAUSE_AFTER } from "./webhooks-delivery.service";

let t: TestApp;
let comicId = 0;
beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "true" } });
});
afterAll(() => t?.close());

const { world } = teamKit(() => t);
const kit = chapterKit(() => ({ t, comicId }));
const en = { "x-custom-lang": "en" };
const log = { warn() {} };
const deliver = (now = new Date()) =>
  deliverDue({ db: t.database.db, storage: t.storage, config: t.app.config, log }, now);

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that records every request and answers with `answer(n)` (n from 1). */
async function receiver(answer: (n: number) => { status: number; body?: string } = () => ({ status: 204 })) {
  const got: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const a = answer(got.length);
      res.writeHead(a.status, { "content-type": "application/json" });
      res.end(a.body ?? "");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** What a receiver does to check a request (docs/webhooks.md). */
function verify(secret: string, r: Received, maxAgeSeconds = 300): boolean {
  const timestamp = Number(r.headers["x-webhook-timestamp"]);
  if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > maxAgeSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.${r.body}`).digest("hex");
  return r.headers["x-webhook-signature"] === `v1=${expected}`;
}

async function addHook(user: TestUser, teamId: number, body: Record<string, unknown>) {
  const res = await call(t, user, "POST", `/api/teams/${teamId}/webhooks`, { payload: body, headers: en });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; secret: string; version: number };
}

async function deliveriesOf(hookId: number) {
  return t.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.hookId, hookId))
    .orderBy(desc(webhookDeliveries.id));
}

/** A chapter with one page, published now through the API. */
async function publishChapter(user: TestUser) {
  const chapter = await kit.newChapter(user);
  const pages = await kit.addPages(user, chapter.id, 1);
  const res = await kit.put(user, chapter, { pages: pages.map((p) => ({ id: p.id })), publish: true });
  expect(res.statusCode, res.body).toBe(200);
  return chapter.id;
}

describe("team webhooks", () => {
  it("managers add, list, change, rotate and delete hooks; the secret is shown once and never audited", async () => {
    const { owner, manager, uploader, teamId } = await world();
    const created = await addHook(manager, teamId, {
      url: "https://93.184.215.14/hook",
      events: ["chapter.published"],
      format: "discord",
    });
    expect(created.secret).toMatch(/^whsec_/);

    const listed = await call(t, owner, "GET", `/api/teams/${teamId}/webhooks`);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(created.secret);
    expect(listed.json().items).toMatchObject([{ id: created.id, format: "discord", paused: false }]);
    expect((await call(t, uploader, "GET", `/api/teams/${teamId}/webhooks`)).statusCode).toBe(403);

    const rotated = await call(
      t,
      manager,
      "POST",
      `/api/teams/${teamId}/webhooks/${created.id}/rotate-secret`,
    );
    expect(rotated.statusCode).toBe(200);
    const secret2 = rotated.json().secret as string;
    expect(secret2).not.toBe(created.secret);

    const changed = await call(t, manager, "PUT", `/api/teams/${teamId}/webhooks/${created.id}`, {
      payload: { url: "https://93.184.215.14/other", events: ["chapter.published"], version: 1 },
    });
    // The rotation was a change too: version 1 is stale.
    expect(changed.statusCode).toBe(409);

    // Another team's hook is not found through this team, and not at all to its members.
    const other = await createTeam(t, owner);
    expect((await call(t, owner, "DELETE", `/api/teams/${other}/webhooks/${created.id}`)).statusCode).toBe(
      404,
    );
    const stranger = await createUser(t);
    const strangerTeam = await createTeam(t, stranger);
    expect(
      (await call(t, stranger, "GET", `/api/teams/${strangerTeam}/webhooks/${created.id}/deliveries`))
        .statusCode,
    ).toBe(404);

    expect((await call(t, manager, "DELETE", `/api/teams/${teamId}/webhooks/${created.id}`)).statusCode).toBe(
      204,
    );
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.teamId, teamId), eq(auditLog.entity, "webhook")))
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual(["create", "rotate_secret", "delete"]);
    const all = JSON.stringify(entries);
    expect(all).not.toContain(created.secret);
    expect(all).not.toContain(secret2);
    expect(entries[0]!.after).toMatchObject({ url: "https://93.184.215.14/…", format: "discord" });
    expect(all).not.toContain("/hook");
  });

  it("refuses loopback, private, link-local, CGNAT and metadata addresses unless the operator allows them", async () => {
    const { manager, teamId } = await world();
    t.app.config.webhookAllowPrivate = false;
    try {
      for (const url of [
        "http://127.0.0.1:9/x",
        "http://10.1.2.3/x",
        "http://192.168.1.1/x",
        "http://169.254.169.254/latest/meta-data",
        "http://100.64.0.1/x",
        "http://[::1]/x",
        "http://[fd00:ec2::254]/x",
        "http://localhost/x",
      ]) {
        const res = await call(t, manager, "POST", `/api/teams/${teamId}/webhooks`, {
          payload: { url, events: ["chapter.published"] },
          headers: en,
        });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 422 });
        expect(res.json().errors[0]).toMatch(/internal or special network/);
      }
      expect((await call(t, manager, "GET", `/api/teams/${teamId}/webhooks`)).json().items).toEqual([]);
    } finally {
      t.app.config.webhookAllowPrivate = true;
    }
    await addHook(manager, teamId, { url: "http://127.0.0.1:9/x", events: ["chapter.published"] });
  });

  it("a published chapter (at once and on its schedule) reaches the receiver once each, signed and verifiable", async () => {
    const { owner, manager, teamId } = await world();
    comicId = (await createComic(t, owner, teamId)).id;
    const r = await receiver();
    try {
      const hook = await addHook(manager, teamId, { url: r.url, events: ["chapter.published"] });
      const chapterId = await publishChapter(owner);
      await deliver();
      await deliver();
      expect(r.got).toHaveLength(1);
      const first = r.got[0]!;
      expect(verify(hook.secret, first)).toBe(true);
      expect(verify("whsec_wrong", first)).toBe(false);
      const body = JSON.parse(first.body);
      expect(body).toMatchObject({
        id: first.headers["x-webhook-id"],
        type: "chapter.published",
        data: { chapter: { id: chapterId }, comic: { id: comicId }, team: { id: teamId } },
      });
      expect(first.headers["x-webhook-event"]).toBe("chapter.published");

      // A chapter scheduled an hour ahead: nothing now, one event when its time comes.
      const later = await kit.newChapter(owner);
      const pages = await kit.addPages(owner, later.id, 1);
      const at = new Date(Date.now() + 3_600_000);
      const res = await kit.put(owner, later, {
        pages: pages.map((p) => ({ id: p.id })),
        publish: true,
        publishAt: at.toISOString(),
      });
      expect(res.statusCode, res.body).toBe(200);
      await deliver();
      expect(r.got).toHaveLength(1);
      const due = new Date(at.getTime() + 60_000);
      await notifyScheduledChapters(t.database.db, due, 7, queueChapterPublished);
      await notifyScheduledChapters(t.database.db, due, 7, queueChapterPublished);
      await deliver(due);
      expect(r.got).toHaveLength(2);
      expect(JSON.parse(r.got[1]!.body).data.chapter.id).toBe(later.id);

      const log = await call(t, manager, "GET", `/api/teams/${teamId}/webhooks/${hook.id}/deliveries`);
      expect(log.json().items).toMatchObject([
        { event: "chapter.published", status: "delivered", attempts: 1, responseCode: 204 },
        { event: "chapter.published", status: "delivered", attempts: 1, responseCode: 204 },
      ]);
    } finally {
      await r.close();
    }
  });

  it("a Discord-like receiver answering 429 with retry_after gets the embed after the wait", async () => {
    const { owner, manager, teamId } = await world();
    comicId = (await createComic(t, owner, teamId)).id;
    const r = await receiver((n) =>
      n === 1 ? { status: 429, body: JSON.stringify({ retry_after: 2.5, global: false }) } : { status: 204 },
    );
    try {
      const hook = await addHook(manager, teamId, {
        url: r.url,
        events: ["chapter.published"],
        format: "discord",
        linkTemplate: "https://doc.example/truyen/{comicId}/chuong/{chapterId}",
      });
      const chapterId = await publishChapter(owner);
      const now = new Date();
      await deliver(now);
      expect(r.got).toHaveLength(1);
      const [pending] = await deliveriesOf(hook.id);
      expect(pending).toMatchObject({ status: "pending", attempts: 1, responseCode: 429 });
      expect(pending!.nextAttemptAt!.getTime()).toBe(now.getTime() + 2500);
      await deliver(now); // not due yet
      expect(r.got).toHaveLength(1);
      await deliver(pending!.nextAttemptAt!);
      expect(r.got).toHaveLength(2);
      expect(r.got[1]!.headers["x-webhook-id"]).toBe(r.got[0]!.headers["x-webhook-id"]);
      expect(verify(hook.secret, r.got[1]!)).toBe(true);
      const embed = JSON.parse(r.got[1]!.body).embeds[0];
      expect(embed).toMatchObject({
        url: `https://doc.example/truyen/${comicId}/chuong/${chapterId}`,
        thumbnail: { url: expect.stringMatching(/^http/) },
        footer: { text: expect.any(String) },
      });
      expect((await deliveriesOf(hook.id))[0]).toMatchObject({ status: "delivered", attempts: 2 });
    } finally {
      await r.close();
    }
  });

  it("a receiver that is down gets the retries, then the hook pauses and its managers are told", async () => {
    const { owner, manager, uploader, teamId } = await world();
    const r = await receiver();
    await r.close(); // nothing listens on its port any more
    const hook = await addHook(manager, teamId, { url: r.url, events: ["chapter.published"] });
    const sent = await call(t, manager, "POST", `/api/teams/${teamId}/webhooks/${hook.id}/test`);
    expect(sent.statusCode).toBe(202);
    let now = new Date();
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
      await deliver(now);
      const [row] = await deliveriesOf(hook.id);
      expect(row!.attempts).toBe(i + 1);
      if (row!.nextAttemptAt) now = row!.nextAttemptAt;
    }
    const [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, responseCode: null });
    const listed = (await call(t, manager, "GET", `/api/teams/${teamId}/webhooks`)).json().items[0];
    expect(listed).toMatchObject({ paused: true, consecutiveFailures: PAUSE_AFTER });

    const told = async (user: TestUser) =>
      (
        await t.database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, user.id), eq(notifications.kind, "webhook_paused")))
      ).length;
    expect(await told(owner)).toBe(1);
    expect(await told(manager)).toBe(1);
    expect(await told(uploader)).toBe(0);

    // A failed delivery can be sent again (it stays pending while the hook is paused).
    const again = await call(
      t,
      manager,
      "POST",
      `/api/teams/${teamId}/webhooks/${hook.id}/deliveries/${row!.id}/resend`,
    );
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ status: "pending", attempts: 0 });
  });
});

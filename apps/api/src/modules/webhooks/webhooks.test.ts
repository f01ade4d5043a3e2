/**
 * Team webhooks end to end (docs/webhooks.md): hooks through the API, events from a published
 * chapter (at once and on its schedule) and the test route, delivered by the job's code to real
 * local receivers on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE=true for this app), signed and verifiable.
 * Retry times are reached by running the delivery with the clock the row asks for, never by
 * waiting.
 */
import { lookup } from "node:dns/promises";
import { hostname } from "node:os";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../../test/fixtures/api";
import { chapterKit } from "../../../test/fixtures/chapters";
import { createComic } from "../../../test/fixtures/comics";
import { teamKit } from "../../../test/fixtures/teams";
import { receiver, verify } from "../../../test/fixtures/webhooks";
import { auditLog } from "../../db/schema/audit";
import { notifications } from "../../db/schema/notifications";
import { webhookDeliveries } from "../../db/schema/webhooks";
import { notifyScheduledChapters } from "../notifications/notifications.service";
import { isPrivateAddress } from "./webhook-address";
import { deliverDue, MAX_ATTEMPTS, PAUSE_AFTER } from "./webhooks-delivery.service";
import { queueChapterPublished } from "./webhooks-events.service";

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

  it("a permission request: filed and approved reach the hooks of both teams once each, in order, signed", async () => {
    const { owner, manager, teamId } = await world();
    const filer = await createUser(t);
    const filerTeam = await createTeam(t, filer, [], "Nhóm Xin Quyền Webhook");
    const comic = await createComic(t, owner, teamId, { title: "Truyện Có Webhook" });
    const r = await receiver();
    const d = await receiver();
    try {
      const ownerHook = await addHook(manager, teamId, {
        url: r.url,
        events: ["request.filed", "request.decided"],
      });
      const filerHook = await addHook(filer, filerTeam, {
        url: d.url,
        events: ["request.decided"],
        format: "discord",
      });
      const filed = await call(t, filer, "POST", `/api/comics/permission/${comic.id}`, {
        payload: { teamId: filerTeam, reason: "Dịch tiếp" },
      });
      expect(filed.statusCode, filed.body).toBe(201);
      const requestId = filed.json().request.id as number;
      const approved = await call(t, owner, "POST", `/api/requests/${requestId}/approve`, { payload: {} });
      expect(approved.statusCode, approved.body).toBe(200);
      await deliver();
      await deliver();

      expect(r.got.map((g) => g.headers["x-webhook-event"])).toEqual(["request.filed", "request.decided"]);
      for (const got of r.got) expect(verify(ownerHook.secret, got)).toBe(true);
      const decided = JSON.parse(r.got[1]!.body);
      expect(decided).toMatchObject({
        type: "request.decided",
        data: {
          team: { id: teamId },
          comic: { id: comic.id, title: "Truyện Có Webhook" },
          request: { id: requestId, type: "permission", status: "approved", team: { id: filerTeam } },
        },
      });
      expect(new Set(r.got.map((g) => g.headers["x-webhook-id"])).size).toBe(2);

      // The filing team's Discord channel hears the decision once, as an embed.
      expect(d.got).toHaveLength(1);
      expect(verify(filerHook.secret, d.got[0]!)).toBe(true);
      expect(JSON.parse(d.got[0]!.body).embeds[0].title).toBe("Đã duyệt yêu cầu: Cấp quyền đăng");
    } finally {
      await r.close();
      await d.close();
    }
  });

  it("comic created, chapter taken back and deleted, member joined and left reach the hooks listening to them", async () => {
    const { owner, manager, uploader, teamId } = await world();
    const r = await receiver();
    try {
      await addHook(manager, teamId, {
        url: r.url,
        events: ["comic.created", "chapter.unpublished", "chapter.deleted", "member.joined", "member.left"],
      });
      comicId = (await createComic(t, owner, teamId, { title: "Truyện Mới Webhook" })).id;
      const chapterId = await publishChapter(owner); // chapter.published: not listened to
      const published = await kit.getChapter(owner, chapterId);
      expect((await kit.put(owner, published, { publish: false })).statusCode).toBe(200);
      expect((await call(t, owner, "DELETE", `/api/chapters/${chapterId}`)).statusCode).toBe(200);

      const email = `webhook.joiner.${teamId}@example.com`;
      const invited = await call(t, owner, "POST", `/api/teams/${teamId}/invitations`, {
        payload: { email, role: "uploader" },
      });
      expect(invited.statusCode, invited.body).toBe(201);
      const joiner = await createUser(t, { email });
      expect((await call(t, joiner, "POST", `/api/invitations/${invited.json().id}/accept`)).statusCode).toBe(
        200,
      );
      expect((await call(t, uploader, "POST", `/api/teams/${teamId}/leave`)).statusCode).toBe(204);
      expect((await call(t, owner, "DELETE", `/api/teams/${teamId}/members/${joiner.id}`)).statusCode).toBe(
        204,
      );
      await deliver();

      const bodies = r.got.map((g) => JSON.parse(g.body));
      expect(bodies.map((b) => b.type)).toEqual([
        "comic.created",
        "chapter.unpublished",
        "chapter.deleted",
        "member.joined",
        "member.left",
        "member.left",
      ]);
      expect(bodies[0].data.comic).toMatchObject({ id: comicId, title: "Truyện Mới Webhook" });
      expect(bodies[2].data.chapter).toMatchObject({ id: chapterId, url: null });
      expect(bodies[3].data.member).toMatchObject({ id: joiner.id, role: "uploader" });
      expect(bodies[4].data.member).toMatchObject({ id: uploader.id, reason: "left" });
      expect(bodies[5].data.member).toMatchObject({ id: joiner.id, reason: "removed" });
    } finally {
      await r.close();
    }
  });

  it("a hook's events go out in order: the next one waits while the previous one is retried", async () => {
    const { manager, teamId } = await world();
    const r = await receiver((n) => (n === 1 ? { status: 503 } : { status: 204 }));
    try {
      const hook = await addHook(manager, teamId, { url: r.url, events: ["chapter.published"] });
      for (let i = 0; i < 3; i += 1)
        expect(
          (await call(t, manager, "POST", `/api/teams/${teamId}/webhooks/${hook.id}/test`)).statusCode,
        ).toBe(202);
      const now = new Date();
      await deliver(now);
      expect(r.got).toHaveLength(1); // the first failed: the other two wait behind it
      const queued = (await deliveriesOf(hook.id)).reverse(); // oldest first
      await deliver(queued[0]!.nextAttemptAt!);
      expect(r.got.map((g) => g.headers["x-webhook-id"])).toEqual([
        queued[0]!.eventId,
        queued[0]!.eventId,
        queued[1]!.eventId,
        queued[2]!.eventId,
      ]);
    } finally {
      await r.close();
    }
  });

  it("a host name that resolves to a private address is refused when sending (no DNS rebinding), unless allowed", async () => {
    const { manager, teamId } = await world();
    // The machine's own name resolves (hosts file or DNS) to an address of this machine.
    const name = hostname();
    const addresses = await lookup(name, { all: true }).catch(() => []);
    if (addresses.length === 0 || !addresses.every((a) => isPrivateAddress(a.address))) {
      // Nothing private to resolve to on this machine: the check cannot be shown here.
      console.warn(`skipped: ${name} does not resolve to private addresses only`);
      return;
    }
    const r = await receiver(undefined, { host: addresses[0]!.address, urlHost: name });
    try {
      // Saved while allowed (as a name that pointed elsewhere when it was checked would be) ...
      const hook = await addHook(manager, teamId, { url: r.url, events: ["chapter.published"] });
      await call(t, manager, "POST", `/api/teams/${teamId}/webhooks/${hook.id}/test`);
      t.app.config.webhookAllowPrivate = false;
      try {
        await deliver();
      } finally {
        t.app.config.webhookAllowPrivate = true;
      }
      // ... the name is resolved again when sending, and the private answer refused.
      expect(r.got).toHaveLength(0);
      const [row] = await deliveriesOf(hook.id);
      expect(row).toMatchObject({ status: "pending", attempts: 1, responseCode: null });
      expect(row!.responseExcerpt).toMatch(/internal or special network/);
      // With WEBHOOK_ALLOW_PRIVATE the same delivery goes through.
      await deliver(row!.nextAttemptAt!);
      expect(r.got).toHaveLength(1);
      expect(verify(hook.secret, r.got[0]!)).toBe(true);
    } finally {
      await r.close();
    }
  });
});

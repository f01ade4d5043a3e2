import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { addMember, call, createUser } from "../../../test/fixtures/api";
import { teamKit } from "../../../test/fixtures/teams";
import { teamInvitations, teamMembers } from "../../db/schema/teams";
import { translate } from "../../lib/messages";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SITE_URL: "https://vuontruyen.example" } });
});
afterAll(() => t?.close());

const db = () => t.database.db;
const { roleOf, lastAudit, world } = teamKit(() => t);

describe("role ceiling", () => {
  it("a manager cannot grant manager or owner, nor touch another manager", async () => {
    const { owner, manager, uploader, teamId } = await world();
    const manager2 = await createUser(t);
    await addMember(t, teamId, manager2, "manager");
    const promote = await call(t, manager, "PATCH", `/api/teams/${teamId}/members/${uploader.id}`, {
      payload: { role: "manager" },
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe(translate("vi", "teams.roleAboveOwn"));
    expect(
      (
        await call(t, manager, "PATCH", `/api/teams/${teamId}/members/${uploader.id}`, {
          payload: { role: "owner" },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await call(t, manager, "PATCH", `/api/teams/${teamId}/members/${manager2.id}`, {
          payload: { role: "uploader" },
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(t, manager, "DELETE", `/api/teams/${teamId}/members/${manager2.id}`)).statusCode).toBe(
      403,
    );
    expect(
      (
        await call(t, manager, "PATCH", `/api/teams/${teamId}/members/${owner.id}`, {
          payload: { role: "uploader" },
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(t, manager, "DELETE", `/api/teams/${teamId}/members/${owner.id}`)).statusCode).toBe(
      403,
    );
    expect(
      (
        await call(t, manager, "POST", `/api/teams/${teamId}/invitations`, {
          payload: { email: "would.be.manager@example.com", role: "manager" },
        })
      ).statusCode,
    ).toBe(403);
    expect([await roleOf(teamId, uploader.id), await roleOf(teamId, manager2.id)]).toEqual([
      "uploader",
      "manager",
    ]);
  });

  it("an uploader cannot invite, change roles or remove anyone", async () => {
    const { uploader, uploader2, teamId } = await world();
    const invite = await call(t, uploader, "POST", `/api/teams/${teamId}/invitations`, {
      payload: { email: "friend@example.com", role: "uploader" },
    });
    expect(invite.statusCode).toBe(403);
    expect(
      (
        await call(t, uploader, "PATCH", `/api/teams/${teamId}/members/${uploader2.id}`, {
          payload: { role: "uploader" },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(t, uploader, "DELETE", `/api/teams/${teamId}/members/${uploader2.id}`)).statusCode,
    ).toBe(403);
    expect(await db().select().from(teamInvitations).where(eq(teamInvitations.teamId, teamId))).toEqual([]);
  });

  it("an owner and an admin can promote to manager and demote a manager; a manager manages uploaders", async () => {
    const { owner, manager, uploader, uploader2, teamId } = await world();
    const admin = await createUser(t, { admin: true });
    const up = await call(t, owner, "PATCH", `/api/teams/${teamId}/members/${uploader.id}`, {
      payload: { role: "manager" },
    });
    expect(up.json()).toMatchObject({ userId: uploader.id, role: "manager" });
    expect(await lastAudit(teamId)).toMatchObject({
      actorId: owner.id,
      entity: "member",
      entityId: uploader.id,
      action: "change_role",
      before: { role: "uploader" },
      after: { role: "manager" },
    });
    await call(t, admin, "PATCH", `/api/teams/${teamId}/members/${manager.id}`, {
      payload: { role: "uploader" },
    });
    expect(await roleOf(teamId, manager.id)).toBe("uploader");
    expect(
      (await call(t, uploader, "DELETE", `/api/teams/${teamId}/members/${uploader2.id}`)).statusCode,
    ).toBe(204);
    expect(await roleOf(teamId, uploader2.id)).toBeNull();
  });
});

describe("last owner and transfer", () => {
  it("the owner can neither leave, nor be removed or demoted, without a transfer", async () => {
    const { owner, teamId } = await world();
    const admin = await createUser(t, { admin: true });
    const leave = await call(t, owner, "POST", `/api/teams/${teamId}/leave`, {
      headers: { "x-custom-lang": "en" },
    });
    expect(leave.statusCode).toBe(409);
    expect(leave.json()).toEqual({ message: translate("en", "teams.ownerMustTransfer"), code: "CONFLICT" });
    expect((await call(t, owner, "DELETE", `/api/teams/${teamId}/members/${owner.id}`)).statusCode).toBe(409);
    expect((await call(t, admin, "DELETE", `/api/teams/${teamId}/members/${owner.id}`)).statusCode).toBe(409);
    expect(
      (
        await call(t, admin, "PATCH", `/api/teams/${teamId}/members/${owner.id}`, {
          payload: { role: "manager" },
        })
      ).statusCode,
    ).toBe(409);
    expect(await roleOf(teamId, owner.id)).toBe("owner");
  });

  it("transfer makes the member the one owner and the previous owner a manager", async () => {
    const { owner, uploader, teamId } = await world();
    const res = await call(t, owner, "POST", `/api/teams/${teamId}/transfer`, {
      payload: { userId: uploader.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ myRole: "manager", can: { own: false, manage: true } });
    const owners = await db()
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, "owner")));
    expect(owners.map((o) => o.userId)).toEqual([uploader.id]);
    expect(await roleOf(teamId, owner.id)).toBe("manager");
    expect(await lastAudit(teamId)).toMatchObject({
      action: "transfer",
      before: { ownerId: owner.id },
      after: { ownerId: uploader.id },
    });
    // The former owner lost the owner's rights at once; the new owner has them.
    expect((await call(t, owner, "DELETE", `/api/teams/${teamId}`)).statusCode).toBe(403);
    expect((await call(t, owner, "POST", `/api/teams/${teamId}/leave`)).statusCode).toBe(204);
    expect((await call(t, uploader, "DELETE", `/api/teams/${teamId}`)).statusCode).toBe(204);
  });

  it("refuses a transfer to a non-member (404) or to the owner themself (409)", async () => {
    const { owner, teamId } = await world();
    const stranger = await createUser(t);
    expect(
      (await call(t, owner, "POST", `/api/teams/${teamId}/transfer`, { payload: { userId: stranger.id } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t, owner, "POST", `/api/teams/${teamId}/transfer`, { payload: { userId: owner.id } }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call(t, owner, "POST", `/api/teams/${teamId}/transfer`, { payload: { userId: "x" } }))
        .statusCode,
    ).toBe(422);
    expect(await roleOf(teamId, owner.id)).toBe("owner");
  });

  it("a member who leaves loses access and the leave is audited", async () => {
    const { uploader, teamId } = await world();
    expect((await call(t, uploader, "POST", `/api/teams/${teamId}/leave`)).statusCode).toBe(204);
    expect(await lastAudit(teamId)).toMatchObject({
      actorId: uploader.id,
      action: "leave",
      before: { role: "uploader" },
    });
    expect((await call(t, uploader, "GET", `/api/teams/${teamId}/members`)).statusCode).toBe(404);
  });
});

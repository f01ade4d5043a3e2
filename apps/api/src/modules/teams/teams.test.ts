import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../../test/app";
import { addMember, call, createTeam, createUser, png, upload } from "../../../test/fixtures/api";
import { auditLog } from "../../db/schema/audit";
import { mailOutbox } from "../../db/schema/mail";
import { teamCredit, teamDonate, teamInvitations, teamMembers, teams } from "../../db/schema/teams";
import { translate } from "../../lib/messages";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SITE_URL: "https://vuontruyen.example" } });
});
afterAll(() => t?.close());

const db = () => t.database.db;

async function teamRow(id: number) {
  const [row] = await db().select().from(teams).where(eq(teams.id, id));
  return row!;
}

async function roleOf(teamId: number, userId: number) {
  const [row] = await db()
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row?.role ?? null;
}

async function lastAudit(teamId: number) {
  const [row] = await db()
    .select()
    .from(auditLog)
    .where(eq(auditLog.teamId, teamId))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

/** A team with an owner, a manager and two uploaders. */
async function world() {
  const owner = await createUser(t);
  const manager = await createUser(t);
  const uploader = await createUser(t);
  const uploader2 = await createUser(t);
  const teamId = await createTeam(t, owner, [
    { user: manager, role: "manager" },
    { user: uploader, role: "uploader" },
    { user: uploader2, role: "uploader" },
  ]);
  return { owner, manager, uploader, uploader2, teamId };
}

describe("POST /api/teams and GET /api/teams", () => {
  it("creates a team whose creator is its owner, with an audit entry", async () => {
    const user = await createUser(t);
    const res = await call(t, user, "POST", "/api/teams", {
      payload: { name: "  Vườn Hoa  ", establishedAt: "2019-05-01", website: "vuonhoa.vn", facebook: "" },
    });
    expect(res.statusCode).toBe(201);
    const team = res.json();
    expect(team).toMatchObject({
      name: "Vườn Hoa",
      establishedAt: "2019-05-01",
      website: "vuonhoa.vn",
      facebook: "",
      myRole: "owner",
      memberCount: 1,
      siteUrl: `https://vuontruyen.example/teams/${team.id}`,
      can: { manage: true, own: true, assignableRoles: ["manager", "uploader"] },
    });
    expect(await roleOf(team.id, user.id)).toBe("owner");
    expect(await lastAudit(team.id)).toMatchObject({
      actorId: user.id,
      entity: "team",
      entityId: team.id,
      action: "create",
      after: expect.objectContaining({ name: "Vườn Hoa" }),
    });
  });

  it("answers 401 to a signed-out caller, even with an invalid body", async () => {
    for (const [method, url, payload] of [
      ["GET", "/api/teams", undefined],
      ["POST", "/api/teams", { name: "" }],
      ["GET", "/api/invitations", undefined],
      ["POST", "/api/invitations/1/accept", undefined],
    ] as const) {
      const res = await call(t, null, method, url, payload ? { payload } : {});
      expect([url, res.statusCode, res.json().code]).toEqual([url, 401, "UNAUTHORIZED"]);
    }
  });

  it("answers 422 naming the field for a missing name and a bad link", async () => {
    const user = await createUser(t);
    const res = await call(t, user, "POST", "/api/teams", {
      payload: { name: " ", twitter: "not a link" },
      headers: { "x-custom-lang": "en" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(["Name is required", "twitter: Invalid link"]);
  });

  it("lists my teams with my role, paginated and searchable without accents", async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const a = await createTeam(t, me, [], "Nhóm Hoa Đào");
    const b = await createTeam(t, other, [{ user: me, role: "uploader" }], "Nhóm Lá Xanh");
    await createTeam(t, other, [], "Nhóm Không Có Tôi");
    const page1 = (await call(t, me, "GET", "/api/teams?limit=1&page=1")).json();
    const page2 = (await call(t, me, "GET", "/api/teams?limit=1&page=2")).json();
    expect(page1.totalPages).toBe(2);
    expect(page1.total).toBe(2);
    expect(
      [...page1.teams, ...page2.teams].map((x: { id: number; myRole: string }) => [x.id, x.myRole]),
    ).toEqual([
      [a, "owner"],
      [b, "uploader"],
    ]);
    const found = (await call(t, me, "GET", `/api/teams?search=${encodeURIComponent("la xanh")}`)).json();
    expect(found.teams.map((x: { id: number }) => x.id)).toEqual([b]);
  });

  it("lists every team for an admin with all=true, and refuses all=true to others", async () => {
    const admin = await createUser(t, { admin: true });
    const user = await createUser(t);
    const id = await createTeam(t, user, [], "Nhóm Riêng Tư Của Ai Đó");
    expect((await call(t, user, "GET", "/api/teams?all=true")).statusCode).toBe(403);
    const res = await call(t, admin, "GET", `/api/teams?all=true&search=${encodeURIComponent("riêng tư")}`);
    expect(res.json().teams).toEqual([expect.objectContaining({ id, myRole: null })]);
    expect((await call(t, admin, "GET", "/api/teams")).json().teams).toEqual([]);
  });
});

describe("PUT /api/teams/:teamId", () => {
  it("refuses a bad link with 'Link invalid' naming the field and saves nothing, then saves a good one", async () => {
    const { owner, teamId } = await world();
    const before = await teamRow(teamId);
    const bad = await call(t, owner, "PUT", `/api/teams/${teamId}`, {
      payload: { name: "Tên Mới", website: "http://", discord: "discord.gg/abc" },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([`website: ${translate("vi", "validation.linkInvalid")}`]);
    expect(await teamRow(teamId)).toEqual(before);

    const good = await call(t, owner, "PUT", `/api/teams/${teamId}`, {
      payload: {
        name: "Tên Mới",
        website: "https://tenmoi.vn/about",
        discord: "discord.gg/abc",
        establishedAt: "2020-02-29",
      },
    });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({
      name: "Tên Mới",
      website: "https://tenmoi.vn/about",
      establishedAt: "2020-02-29",
    });
    expect(await lastAudit(teamId)).toMatchObject({
      action: "update",
      before: { name: before.name, website: "", discord: "", establishedAt: null },
      after: {
        name: "Tên Mới",
        website: "https://tenmoi.vn/about",
        discord: "discord.gg/abc",
        establishedAt: "2020-02-29",
      },
    });
  });

  it("refuses an impossible established date naming the field", async () => {
    const { owner, teamId } = await world();
    const res = await call(t, owner, "PUT", `/api/teams/${teamId}`, {
      payload: { name: "X", establishedAt: "2021-02-30" },
      headers: { "x-custom-lang": "en" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(["establishedAt: Invalid value"]);
  });

  it("writes no audit entry when nothing changed", async () => {
    const { owner, teamId } = await world();
    const before = await lastAudit(teamId);
    const name = (await teamRow(teamId)).name;
    expect((await call(t, owner, "PUT", `/api/teams/${teamId}`, { payload: { name } })).statusCode).toBe(200);
    expect((await lastAudit(teamId))?.id).toBe(before?.id);
  });
});

describe("mass assignment: extra fields never reach the columns", () => {
  const extras = (other: number) => ({
    id: 999_999,
    ownerId: other,
    role: "owner",
    teamId: 999_998,
    userId: other,
    createdAt: "2000-01-01T00:00:00.000Z",
    updatedAt: "2000-01-01T00:00:00.000Z",
    deletedAt: "2000-01-01T00:00:00.000Z",
    createdBy: other,
    cover: "teams/2000/01/stolen.png",
    logo: "teams/2000/01/stolen.png",
    status: "accepted",
    invitedBy: other,
  });

  it("POST /api/teams ignores id, ownerId, role, teamId, timestamps and image keys", async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const res = await call(t, me, "POST", "/api/teams", {
      payload: { name: "Nhóm Sạch", ...extras(other.id) },
    });
    expect(res.statusCode).toBe(201);
    const row = await teamRow(res.json().id);
    expect(row.id).not.toBe(999_999);
    expect(row).toMatchObject({ createdBy: me.id, deletedAt: null, cover: null, logo: null });
    expect(row.createdAt.getFullYear()).toBeGreaterThan(2000);
    expect(await roleOf(row.id, me.id)).toBe("owner");
    expect(await roleOf(row.id, other.id)).toBeNull();
  });

  it("PUT /api/teams/:teamId leaves id, owner, timestamps, deletion and images unchanged", async () => {
    const { owner, teamId } = await world();
    const other = await createUser(t);
    const before = await teamRow(teamId);
    const res = await call(t, owner, "PUT", `/api/teams/${teamId}`, {
      payload: { name: "Đổi Tên", ...extras(other.id) },
    });
    expect(res.statusCode).toBe(200);
    const after = await teamRow(teamId);
    expect(after).toMatchObject({
      id: teamId,
      name: "Đổi Tên",
      createdBy: before.createdBy,
      createdAt: before.createdAt,
      deletedAt: null,
      cover: null,
      logo: null,
    });
    expect(await roleOf(teamId, owner.id)).toBe("owner");
    expect(await roleOf(teamId, other.id)).toBeNull();
  });

  it("PATCH members, invitations, transfer, donate and credit only take their own fields", async () => {
    const { owner, manager, uploader, teamId } = await world();
    const other = await createUser(t);
    const otherTeam = await createTeam(t, other);

    const patched = await call(t, owner, "PATCH", `/api/teams/${teamId}/members/${uploader.id}`, {
      payload: { ...extras(other.id), role: "manager" },
    });
    expect(patched.statusCode).toBe(200);
    expect(await roleOf(teamId, uploader.id)).toBe("manager");
    expect(await roleOf(teamId, other.id)).toBeNull();
    expect(await roleOf(otherTeam, uploader.id)).toBeNull();

    const invited = await call(t, owner, "POST", `/api/teams/${teamId}/invitations`, {
      payload: { ...extras(other.id), email: "clean.invite@example.com", role: "uploader" },
    });
    expect(invited.statusCode).toBe(201);
    const [inv] = await db().select().from(teamInvitations).where(eq(teamInvitations.id, invited.json().id));
    expect(inv).toMatchObject({ teamId, status: "pending", invitedBy: owner.id, role: "uploader" });

    const donate = await call(t, manager, "PUT", `/api/teams/${teamId}/donate`, {
      payload: { ...extras(other.id), enabled: true, content: "Cảm ơn", showInEachChapter: false },
    });
    expect(donate.statusCode).toBe(200);
    expect(await db().select().from(teamDonate).where(eq(teamDonate.teamId, otherTeam))).toEqual([]);
    const [donateRow] = await db().select().from(teamDonate).where(eq(teamDonate.teamId, teamId));
    expect(donateRow).toMatchObject({ enabled: true, content: "Cảm ơn", qrImage: null });

    const credit = await call(t, manager, "PUT", `/api/teams/${teamId}/credit`, {
      payload: { ...extras(other.id), enabled: true, text: "Dịch: Nhóm" },
    });
    expect(credit.statusCode).toBe(200);
    expect(await db().select().from(teamCredit).where(eq(teamCredit.teamId, otherTeam))).toEqual([]);

    const transfer = await call(t, owner, "POST", `/api/teams/${teamId}/transfer`, {
      payload: { ...extras(other.id), userId: manager.id },
    });
    expect(transfer.statusCode).toBe(200);
    expect(await roleOf(teamId, manager.id)).toBe("owner");
    expect(await roleOf(teamId, other.id)).toBeNull();
  });
});

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

describe("invitations", () => {
  it("invites an e-mail not yet registered, mails a link to the dashboard, and shows it once they sign in", async () => {
    const { owner, teamId } = await world();
    const email = "new.person@example.com";
    const res = await call(t, owner, "POST", `/api/teams/${teamId}/invitations`, {
      payload: { email: "New.Person@Example.com", role: "uploader" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      teamId,
      email,
      role: "uploader",
      status: "pending",
      invitedBy: { id: owner.id },
    });
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail?.text).toContain(`${TEST_ORIGIN}/teams`);
    expect(mail?.text).toContain(owner.name);

    const listed = (await call(t, owner, "GET", `/api/teams/${teamId}/invitations`)).json();
    expect(listed.invitations.map((i: { email: string }) => i.email)).toEqual([email]);

    const invitee = await createUser(t, { email });
    const mine = (await call(t, invitee, "GET", "/api/invitations")).json();
    expect(mine.invitations).toEqual([
      expect.objectContaining({
        id: res.json().id,
        role: "uploader",
        team: expect.objectContaining({ id: teamId }),
      }),
    ]);

    const accepted = await call(t, invitee, "POST", `/api/invitations/${res.json().id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().team).toMatchObject({ id: teamId, myRole: "uploader" });
    expect(await roleOf(teamId, invitee.id)).toBe("uploader");
    expect(await lastAudit(teamId)).toMatchObject({
      actorId: invitee.id,
      entity: "member",
      action: "accept",
    });
    const members = (await call(t, owner, "GET", `/api/teams/${teamId}/members?search=new.person`)).json();
    expect(members.members).toEqual([expect.objectContaining({ userId: invitee.id, role: "uploader" })]);
    // Used up.
    expect((await call(t, invitee, "POST", `/api/invitations/${res.json().id}/accept`)).statusCode).toBe(404);
    expect((await call(t, invitee, "GET", "/api/invitations")).json().invitations).toEqual([]);
  });

  it("refuses a duplicate pending invitation and inviting a member, with a clear 409", async () => {
    const { owner, uploader, teamId } = await world();
    const payload = { email: "twice@example.com", role: "uploader" };
    expect((await call(t, owner, "POST", `/api/teams/${teamId}/invitations`, { payload })).statusCode).toBe(
      201,
    );
    const again = await call(t, owner, "POST", `/api/teams/${teamId}/invitations`, { payload });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: translate("vi", "teams.invitationPending"), code: "CONFLICT" });
    const member = await call(t, owner, "POST", `/api/teams/${teamId}/invitations`, {
      payload: { email: uploader.email.toUpperCase(), role: "manager" },
    });
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toBe(translate("vi", "teams.alreadyMember"));
  });

  it("declines: the invitation closes and the user does not join", async () => {
    const { owner, teamId } = await world();
    const invitee = await createUser(t);
    const id = (
      await call(t, owner, "POST", `/api/teams/${teamId}/invitations`, {
        payload: { email: invitee.email, role: "manager" },
      })
    ).json().id;
    expect((await call(t, invitee, "POST", `/api/invitations/${id}/decline`)).statusCode).toBe(204);
    const [row] = await db().select().from(teamInvitations).where(eq(teamInvitations.id, id));
    expect(row?.status).toBe("declined");
    expect(await roleOf(teamId, invitee.id)).toBeNull();
    expect((await call(t, invitee, "POST", `/api/invitations/${id}/accept`)).statusCode).toBe(404);
    expect(await lastAudit(teamId)).toMatchObject({ entity: "invitation", entityId: id, action: "decline" });
  });

  it("only the addressee can accept or decline; revoked and expired invitations are gone", async () => {
    const { owner, manager, teamId } = await world();
    const invitee = await createUser(t);
    const someoneElse = await createUser(t);
    const id = (
      await call(t, owner, "POST", `/api/teams/${teamId}/invitations`, {
        payload: { email: invitee.email, role: "uploader" },
      })
    ).json().id;
    expect((await call(t, someoneElse, "POST", `/api/invitations/${id}/accept`)).statusCode).toBe(404);
    expect((await call(t, someoneElse, "POST", `/api/invitations/${id}/decline`)).statusCode).toBe(404);
    expect((await call(t, owner, "POST", `/api/invitations/${id}/accept`)).statusCode).toBe(404);
    expect(await roleOf(teamId, someoneElse.id)).toBeNull();

    expect((await call(t, manager, "DELETE", `/api/teams/${teamId}/invitations/${id}`)).statusCode).toBe(204);
    expect((await call(t, invitee, "GET", "/api/invitations")).json().invitations).toEqual([]);
    expect((await call(t, invitee, "POST", `/api/invitations/${id}/accept`)).statusCode).toBe(404);
    expect(await lastAudit(teamId)).toMatchObject({ entity: "invitation", action: "revoke" });

    const id2 = (
      await call(t, owner, "POST", `/api/teams/${teamId}/invitations`, {
        payload: { email: invitee.email, role: "uploader" },
      })
    ).json().id;
    await db()
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.id, id2));
    expect((await call(t, invitee, "GET", "/api/invitations")).json().invitations).toEqual([]);
    expect((await call(t, invitee, "POST", `/api/invitations/${id2}/accept`)).statusCode).toBe(404);
    // An expired invitation does not block a new one.
    expect(
      (
        await call(t, owner, "POST", `/api/teams/${teamId}/invitations`, {
          payload: { email: invitee.email, role: "uploader" },
        })
      ).statusCode,
    ).toBe(201);
  });

  it("a manager cannot revoke an invitation for a manager", async () => {
    const { owner, manager, teamId } = await world();
    const id = (
      await call(t, owner, "POST", `/api/teams/${teamId}/invitations`, {
        payload: { email: "future.manager@example.com", role: "manager" },
      })
    ).json().id;
    expect((await call(t, manager, "DELETE", `/api/teams/${teamId}/invitations/${id}`)).statusCode).toBe(403);
  });

  it("refuses an invalid e-mail naming the field", async () => {
    const { owner, teamId } = await world();
    const res = await call(t, owner, "POST", `/api/teams/${teamId}/invitations`, {
      payload: { email: "not-an-email", role: "uploader" },
      headers: { "x-custom-lang": "en" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(["email: Invalid email address"]);
  });
});

describe("donate and credit", () => {
  it("sets donate settings with a QR image, refuses a QR key that is not the team's, and removes the QR", async () => {
    const { owner, manager, teamId } = await world();
    const uploaded = await upload(t, manager, `/api/teams/${teamId}/donate/qr`, [
      { filename: "qr.png", bytes: await png(64, 64) },
    ]);
    expect(uploaded.statusCode).toBe(200);
    const qr = uploaded.json().qrImage as { key: string; url: string };
    expect(qr.key).toMatch(/^teams\/.+_qr\.png$/);
    expect(qr.url).toBe(t.storage.publicUrl(qr.key));

    const saved = await call(t, manager, "PUT", `/api/teams/${teamId}/donate`, {
      payload: { enabled: true, qrImage: qr.key, content: "Momo: 0123", showInEachChapter: true },
    });
    expect(saved.json()).toEqual({
      enabled: true,
      qrImage: qr,
      content: "Momo: 0123",
      showInEachChapter: true,
      // Uploading the QR code was the first change, this save the second.
      version: 3,
    });
    expect(await lastAudit(teamId)).toMatchObject({
      entity: "donate",
      action: "update",
      before: { enabled: false, content: "", showInEachChapter: false },
      after: { enabled: true, content: "Momo: 0123", showInEachChapter: true },
    });

    const other = await createTeam(t, owner);
    const otherQr = (
      await upload(t, owner, `/api/teams/${other}/donate/qr`, [
        { filename: "qr.png", bytes: await png(32, 32) },
      ])
    ).json().qrImage.key;
    const stolen = await call(t, manager, "PUT", `/api/teams/${teamId}/donate`, {
      payload: { enabled: true, qrImage: otherQr, content: "x", showInEachChapter: true },
      headers: { "x-custom-lang": "en" },
    });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors).toEqual(["qrImage: Invalid value"]);

    const removed = await call(t, manager, "PUT", `/api/teams/${teamId}/donate`, {
      payload: { enabled: false, qrImage: null, content: "", showInEachChapter: false },
    });
    expect(removed.json().qrImage).toBeNull();
    expect(await t.storage.exists(qr.key)).toBe(false);
    expect(await t.storage.exists(otherQr)).toBe(true);
  });

  it("appends credit pages (`teams/` keys with `_credit`, sorted by name), reorders and drops them", async () => {
    const { manager, uploader, teamId } = await world();
    const res = await upload(t, manager, `/api/teams/${teamId}/credit/pages`, [
      { field: "files", filename: "credit-10.png", bytes: await png(10, 10) },
      { field: "files", filename: "credit-2.png", bytes: await png(20, 20) },
    ]);
    expect(res.statusCode).toBe(200);
    const pages = res.json().pages as { key: string }[];
    expect(pages).toHaveLength(2);
    for (const p of pages) expect(p.key).toMatch(/^teams\/\d{4}\/\d{2}\/[A-Za-z0-9_-]+_credit\.png$/);
    // credit-2 (20 px) before credit-10 (10 px).
    expect(await sharp((await t.storage.get(pages[0]!.key))!).metadata()).toMatchObject({ width: 20 });

    const [a, b] = pages.map((p) => p.key);
    const reordered = await call(t, manager, "PUT", `/api/teams/${teamId}/credit`, {
      payload: { enabled: true, text: "Dịch bởi Vườn", pages: [b, a] },
    });
    expect(reordered.json()).toMatchObject({
      enabled: true,
      text: "Dịch bởi Vườn",
      pages: [{ key: b }, { key: a }],
    });
    expect(
      (await call(t, uploader, "GET", `/api/teams/${teamId}/credit`))
        .json()
        .pages.map((p: { key: string }) => p.key),
    ).toEqual([b, a]);

    const unknown = await call(t, manager, "PUT", `/api/teams/${teamId}/credit`, {
      payload: { enabled: true, pages: [b, "teams/2020/01/foreign_credit.png"] },
      headers: { "x-custom-lang": "en" },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual(["pages.1: Invalid value"]);

    const dropped = await call(t, manager, "PUT", `/api/teams/${teamId}/credit`, {
      payload: { enabled: true, pages: [a] },
    });
    expect(dropped.json().pages).toEqual([{ key: a, url: t.storage.publicUrl(a!) }]);
    expect(await t.storage.exists(b!)).toBe(false);
    expect(await lastAudit(teamId)).toMatchObject({
      entity: "credit",
      action: "update",
      before: { pages: [b, a] },
      after: { pages: [a] },
    });
  });

  it("replacing the logo removes the previous file after the change", async () => {
    const { owner, teamId } = await world();
    const first = (
      await upload(t, owner, `/api/teams/${teamId}/logo`, [{ filename: "a.png", bytes: await png() }])
    ).json().logo.key;
    const second = (
      await upload(t, owner, `/api/teams/${teamId}/logo`, [{ filename: "b.png", bytes: await png(9, 9) }])
    ).json().logo.key;
    expect(first).not.toBe(second);
    expect(await t.storage.exists(first)).toBe(false);
    expect(await t.storage.exists(second)).toBe(true);
    expect(await lastAudit(teamId)).toMatchObject({
      action: "upload_logo",
      before: { logo: first },
      after: { logo: second },
    });
  });
});

describe("GET /api/teams/:teamId/activity", () => {
  it("shows the team's recent changes, newest first, with who made them", async () => {
    const { owner, manager, uploader, teamId } = await world();
    await call(t, manager, "PUT", `/api/teams/${teamId}`, { payload: { name: "Tên Hoạt Động" } });
    await call(t, owner, "PATCH", `/api/teams/${teamId}/members/${uploader.id}`, {
      payload: { role: "manager" },
    });
    const res = await call(t, uploader, "GET", `/api/teams/${teamId}/activity?limit=2`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalPages).toBe(2);
    expect(
      body.entries.map((e: { action: string; actor: { id: number } }) => [e.action, e.actor.id]),
    ).toEqual([
      ["change_role", owner.id],
      ["update", manager.id],
    ]);
    const other = await createUser(t);
    expect((await call(t, other, "GET", `/api/teams/${teamId}/activity`)).statusCode).toBe(404);
  });
});

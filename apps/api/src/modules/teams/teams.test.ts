import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser } from "../../../test/fixtures/api";
import { teamKit } from "../../../test/fixtures/teams";
import { teamCredit, teamDonate, teamInvitations } from "../../db/schema/teams";
import { translate } from "../../lib/messages";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SITE_URL: "https://vuontruyen.example" } });
});
afterAll(() => t?.close());

const db = () => t.database.db;
const { teamRow, roleOf, lastAudit, world } = teamKit(() => t);

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
    expect(res.json().errors).toEqual(["Name is required", "Twitter: Invalid link"]);
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
    expect(bad.json().errors).toEqual([`Website: ${translate("vi", "validation.linkInvalid")}`]);
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
    expect(res.json().errors).toEqual(["Established date: Invalid value"]);
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

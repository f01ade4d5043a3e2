/**
 * The permission matrix, generated from the table in docs/permissions.md: every row (route) is
 * called as every role (anonymous, non-member, uploader, manager, owner, platform admin) on a
 * fresh team, and must answer exactly the status in its cell. Denied calls must carry no team
 * data. Each row is also called across teams: a member of another team, and another team's
 * sub-resources under this team's path, get 404 and change nothing.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamInvitations, teamMembers } from "../src/db/schema/teams";
import { repoRoot } from "../src/lib/repo-root";
import { createTestApp, type TestApp } from "./app";
import { addMember, call, createTeam, createUser, multipart, type TestUser } from "./fixtures/api";
import { type MatrixRequest, type MatrixWorld, matrixFixtures } from "./permission-matrix.fixtures";

export const MATRIX_ROLES = ["anonymous", "non-member", "uploader", "manager", "owner", "admin"] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];

export interface MatrixRow {
  method: string;
  path: string;
  expected: Record<MatrixRole, number>;
}

/** Parses the `| Method | Path | anonymous | ... | admin |` table of docs/permissions.md. */
export function parsePermissionTable(markdown: string): MatrixRow[] {
  const lines = markdown.split("\n").map((l) => l.trim());
  const cells = (line: string) =>
    line
      .replace(/^\|/, "")
      .replace(/\|$/, "")
      .split("|")
      .map((c) => c.trim());
  const headerIndex = lines.findIndex((l) => {
    const c = l.startsWith("|") ? cells(l) : [];
    return c[0] === "Method" && c[1] === "Path" && MATRIX_ROLES.every((r, i) => c[i + 2] === r);
  });
  if (headerIndex < 0) throw new Error("docs/permissions.md: the route x role table is missing");
  const rows: MatrixRow[] = [];
  for (const line of lines.slice(headerIndex + 2)) {
    if (!line.startsWith("|")) break;
    const c = cells(line);
    if (c.length !== 2 + MATRIX_ROLES.length) throw new Error(`docs/permissions.md: malformed row: ${line}`);
    const expected = {} as Record<MatrixRole, number>;
    MATRIX_ROLES.forEach((role, i) => {
      const status = Number(c[i + 2]!.match(/^\d{3}/)?.[0]);
      if (!Number.isInteger(status))
        throw new Error(`docs/permissions.md: bad cell "${c[i + 2]}" in: ${line}`);
      expected[role] = status;
    });
    rows.push({ method: c[0]!.toUpperCase(), path: c[1]!, expected });
  }
  return rows;
}

/**
 * The `Method | Path` column pairs of the "Routes that are not team-scoped" table, expanded:
 * `/api/a, /b` is `/api/a` and `/api/b`; `/api/authors/:id (artists, characters)` also names the
 * same path under `/api/artists` and `/api/characters`.
 */
export function parseOtherRoutes(markdown: string): string[] {
  const section = markdown.slice(markdown.indexOf("## Routes that are not team-scoped"));
  const table = section.split("\n").map((l) => l.trim());
  const start = table.findIndex((l) => /^\|\s*Method\s*\|\s*Path\s*\|/.test(l));
  if (start < 0)
    throw new Error("docs/permissions.md: the table of routes that are not team-scoped is missing");
  const routes: string[] = [];
  for (const line of table.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    const [method, cell] = line
      .replace(/^\|/, "")
      .split("|")
      .map((c) => c.trim());
    const [, paths, alternatives] = /^(.*?)(?: \(([^)]*)\))?$/.exec(cell!)!;
    for (const raw of paths!.split(",").map((p) => p.trim())) {
      const path = raw.startsWith("/api") || raw === "/metrics" ? raw : `/api${raw}`;
      routes.push(`${method!.toUpperCase()} ${path}`);
      for (const other of alternatives?.split(",") ?? [])
        routes.push(`${method!.toUpperCase()} ${path.replace(/^\/api\/[^/]+/, `/api/${other.trim()}`)}`);
    }
  }
  return routes;
}

const permissionsDoc = readFileSync(join(repoRoot(), "docs/permissions.md"), "utf8");
const rows = parsePermissionTable(permissionsDoc);
const otherRoutes = parseOtherRoutes(permissionsDoc);

/** The routes the app serves, `METHOD /api/a/:b`, from its OpenAPI document. */
export function servedRoutes(spec: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
  );
}

/**
 * Which routes the matrix must list: every served route is in one of the two tables of
 * docs/permissions.md, so a new route, whatever its parameters are named (`:chapterId`, `:pageId`),
 * is unlisted until someone decides whether it is team-scoped. A route with a parameter naming a
 * team's record (a team, a comic or a chapter the team owns, its volume art) must be in the matrix.
 */
export function routeListProblems(served: string[], matrix: string[], others: string[]) {
  const teamParam = /:(teamId|comicId|chapterId|artId)\b/;
  return {
    unlisted: served.filter((r) => !matrix.includes(r) && !others.includes(r)).sort(),
    inBothTables: matrix.filter((r) => others.includes(r)).sort(),
    teamScopedOutsideTheMatrix: others.filter((r) => teamParam.test(r)).sort(),
    listedNotServed: [...matrix, ...others].filter((r) => !served.includes(r)).sort(),
  };
}

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let uploader: TestUser;
let admin: TestUser;
/** Owner of the other team: the "non-member" column is a member of ANOTHER team. */
let outsider: TestUser;
let foreign: { teamId: number; teamName: string; member: TestUser; invitationId: number };

async function invite(teamId: number, email: string, by: TestUser): Promise<number> {
  const res = await call(t, by, "POST", `/api/teams/${teamId}/invitations`, {
    payload: { email, role: "uploader" },
  });
  if (res.statusCode !== 201) throw new Error(`invite failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
}

let worldCounter = 0;
/** A fresh team: owner, manager, uploader, a target uploader and a pending invitation. */
async function freshWorld(): Promise<MatrixWorld> {
  worldCounter += 1;
  const teamName = `Đội Ma Trận ${worldCounter}`;
  const target = await createUser(t);
  const teamId = await createTeam(
    t,
    owner,
    [
      { user: manager, role: "manager" },
      { user: uploader, role: "uploader" },
      { user: target, role: "uploader" },
    ],
    teamName,
  );
  const invitationId = await invite(teamId, `pending.${worldCounter}@example.com`, owner);
  return { t, teamId, teamName, target, invitationId, owner };
}

function actorFor(role: MatrixRole): TestUser | null {
  return {
    anonymous: null,
    "non-member": outsider,
    uploader,
    manager,
    owner,
    admin,
  }[role];
}

function urlFor(
  path: string,
  values: { teamId: number; userId: number; id: number },
  params: Record<string, number> = {},
): string {
  let url = path;
  // Fixture parameters first (e.g. :comicId, :artId), so ":id" never matches inside a longer name.
  for (const [name, value] of Object.entries(params)) url = url.replace(`:${name}`, String(value));
  return url
    .replace(":teamId", String(values.teamId))
    .replace(":userId", String(values.userId))
    .replace(":id", String(values.id));
}

async function send(user: TestUser | null, method: string, url: string, request: MatrixRequest) {
  if (request.files) {
    const body = multipart(request.files, request.fields);
    return call(t, user, method, url, { payload: body.payload, headers: body.headers });
  }
  return call(t, user, method, url, request.payload === undefined ? {} : { payload: request.payload });
}

/** A denied call answers the error body only: no team name, no member, no settings. */
function expectNoTeamData(body: string, world: { teamName: string; target?: TestUser }) {
  if (body === "") return;
  const json = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(json).every((k) => ["message", "code", "errors"].includes(k))).toBe(true);
  expect(body).not.toContain(world.teamName);
  if (world.target) expect(body).not.toContain(world.target.email);
}

beforeAll(async () => {
  t = await createTestApp({ env: { SITE_URL: "https://vuontruyen.example" } });
  owner = await createUser(t, { name: "Chủ Nhóm" });
  manager = await createUser(t, { name: "Quản Lý" });
  uploader = await createUser(t, { name: "Người Đăng" });
  admin = await createUser(t, { name: "Quản Trị", admin: true });
  outsider = await createUser(t, { name: "Người Ngoài" });
  const member = await createUser(t);
  const teamName = "Đội Bên Ngoài";
  const teamId = await createTeam(t, outsider, [{ user: member, role: "uploader" }], teamName);
  foreign = {
    teamId,
    teamName,
    member,
    invitationId: await invite(teamId, "foreign.invitee@example.com", outsider),
  };
});
afterAll(() => t?.close());

describe("docs/permissions.md", () => {
  it("has a table with team-scoped routes, each with a request fixture", () => {
    expect(rows.length).toBeGreaterThan(10);
    const missing = rows.map((r) => `${r.method} ${r.path}`).filter((k) => !(k in matrixFixtures));
    expect(missing).toEqual([]);
  });

  it("lists every team-scoped route the API serves, and only those", () => {
    const served = servedRoutes(t.app.swagger() as { paths: Record<string, Record<string, unknown>> });
    const listed = rows.map((r) => `${r.method} ${r.path}`);
    expect(routeListProblems(served, listed, otherRoutes)).toEqual({
      unlisted: [],
      inBothTables: [],
      teamScopedOutsideTheMatrix: [],
      listedNotServed: [],
    });
  });

  it("sees a new route whatever its parameter is named", () => {
    const served = servedRoutes(t.app.swagger() as { paths: Record<string, Record<string, unknown>> });
    const listed = rows.map((r) => `${r.method} ${r.path}`);
    const added = ["GET /api/chapters/:chapterId/notes", "DELETE /api/pages/:pageId"];
    expect(routeListProblems([...served, ...added], listed, otherRoutes).unlisted).toEqual(added.sort());
    // Listed in the wrong table, a chapter's route is still caught.
    expect(
      routeListProblems(served, listed, [...otherRoutes, "GET /api/chapters/:chapterId/notes"])
        .teamScopedOutsideTheMatrix,
    ).toEqual(["GET /api/chapters/:chapterId/notes"]);
  });
});

describe.each(rows)("$method $path", (row) => {
  const key = `${row.method} ${row.path}`;
  const fixture = matrixFixtures[key] ?? {};

  it.each(MATRIX_ROLES)(`as %s answers the table's status`, async (role) => {
    const expected = row.expected[role];
    const world = await freshWorld();
    const prepared = await fixture.setup?.(world);
    const request = (await fixture.request?.(world, prepared)) ?? {};
    const url = urlFor(
      row.path,
      { teamId: world.teamId, userId: world.target.id, id: world.invitationId },
      request.params,
    );
    const res = await send(actorFor(role), row.method, url, request);
    expect({ role, status: res.statusCode, body: res.statusCode === expected ? "" : res.body }).toEqual({
      role,
      status: expected,
      body: "",
    });
    if (expected >= 400) expectNoTeamData(res.body, world);
  });

  it("denies a member of another team, and another team's sub-resources, without data or change", async () => {
    const world = await freshWorld();
    const prepared = await fixture.setup?.(world);
    const request = (await fixture.request?.(world, prepared)) ?? {};

    // The other team's owner on this team: never data.
    const url = urlFor(
      row.path,
      { teamId: world.teamId, userId: world.target.id, id: world.invitationId },
      request.params,
    );
    const fromOutside = await send(outsider, row.method, url, request);
    expect(fromOutside.statusCode).toBe(404);
    expectNoTeamData(fromOutside.body, world);

    // This team's owner and a platform admin, through this team's path, at the other team's member / invitation.
    if (row.path.includes(":userId") || row.path.includes(":id")) {
      const crossUrl = urlFor(row.path, {
        teamId: world.teamId,
        userId: foreign.member.id,
        id: foreign.invitationId,
      });
      for (const actor of [owner, admin]) {
        const cross = await send(actor, row.method, crossUrl, request);
        expect(cross.statusCode).toBe(404);
        expectNoTeamData(cross.body, { teamName: foreign.teamName, target: foreign.member });
      }
      const [stillMember] = await t.database.db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, foreign.teamId), eq(teamMembers.userId, foreign.member.id)));
      expect(stillMember?.role).toBe("uploader");
      const [stillPending] = await t.database.db
        .select()
        .from(teamInvitations)
        .where(eq(teamInvitations.id, foreign.invitationId));
      expect(stillPending?.status).toBe("pending");
    }
  });
});

describe("access is read on every request", () => {
  it("a removed member's very next request answers 404", async () => {
    const world = await freshWorld();
    const before = await call(t, world.target, "GET", `/api/teams/${world.teamId}`);
    expect(before.statusCode).toBe(200);
    const removed = await call(t, owner, "DELETE", `/api/teams/${world.teamId}/members/${world.target.id}`);
    expect(removed.statusCode).toBe(204);
    for (const path of ["", "/members", "/donate", "/credit", "/activity"]) {
      const after = await call(t, world.target, "GET", `/api/teams/${world.teamId}${path}`);
      expect(after.statusCode).toBe(404);
      expectNoTeamData(after.body, world);
    }
  });

  it("a deleted team answers 404 to its former members and to admins", async () => {
    const world = await freshWorld();
    expect((await call(t, owner, "DELETE", `/api/teams/${world.teamId}`)).statusCode).toBe(204);
    for (const user of [owner, manager, uploader, admin]) {
      expect((await call(t, user, "GET", `/api/teams/${world.teamId}`)).statusCode).toBe(404);
    }
    const listed = await call(t, owner, "GET", "/api/teams?limit=100");
    expect((listed.json() as { teams: { id: number }[] }).teams.map((x) => x.id)).not.toContain(world.teamId);
  });

  it("a user added as a member gains access at once", async () => {
    const world = await freshWorld();
    const newcomer = await createUser(t);
    expect((await call(t, newcomer, "GET", `/api/teams/${world.teamId}`)).statusCode).toBe(404);
    await addMember(t, world.teamId, newcomer, "uploader");
    expect((await call(t, newcomer, "GET", `/api/teams/${world.teamId}`)).statusCode).toBe(200);
  });
});

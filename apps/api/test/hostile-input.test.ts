/**
 * Hostile input (docs/architecture.md, "Tests"): every write route the app serves (read from its
 * OpenAPI document, so a new route is covered without editing this file) gets a body built from its
 * JSON contract with one field at a time replaced by a bad value (NUL, lone surrogate, 1 MB text,
 * negative, "NaN", 1e308, year-10000 dates, wrong types), bad path parameters, and extra fields a
 * client must never set (mass assignment), and a body nested 3000, 10000 and 1 MiB deep (the JSON
 * array fields of the upload routes too). Every upload route gets hostile files (SVG with script,
 * HTML named .jpg, JPEG+HTML polyglots, a 50000x50000 pixel bomb, truncated images, zero bytes,
 * over the size limit, traversal file names). A refusal must be a 4xx whose message is translated
 * (vi differs from en, chosen by `x-custom-lang`), and must change no row, store no file and count
 * nothing against the upload quota. Never a 500.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { PAGE_MAX_BYTES } from "@vt/shared/constants";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./app";
import { call, createTeam, createUser, jpeg, multipart, type TestUser } from "./fixtures/api";
import { coverFile, createComic, uploadCover, uploadWith } from "./fixtures/comics";
import {
  appRoutes,
  BAD_PARAMS,
  BAD_VALUES,
  changedTables,
  dbFingerprint,
  filesUnder,
  hostileFiles,
  leaves,
  massAssignment,
  mayAccept,
  sample,
  type UploadRoute,
  type WriteRoute,
  withValue,
} from "./fixtures/hostile";

/** Text fields the upload routes read beside their files (page id, scramble keys, client ids, volume art). */
const UPLOAD_TEXT_FIELDS = ["pageId", "comicId", "volume", "key", "keys", "clientIds", "clientId"];

/** Nesting depths of hostile JSON: where the old recursive walk overflowed (PGlite, PostgreSQL). */
const DEEP = [3000, 10_000];
/** A body of exactly 1 MiB (Fastify's body limit) that is nothing but nesting. */
const ONE_MIB_DEEP = 512 * 1024;
const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

/** Tables a refused request may touch: session last-seen, sign-in rate limits. */
const VOLATILE = ["sessions", "auth_rate_limit", "auth_session"];

let t: TestApp;
let actor: TestUser;
let member: TestUser;
let foreign: { user: TestUser; teamId: number };
/** Real ids and keys by property / path parameter name, so a probe gets past "not found". */
let known: Record<string, unknown>;
/** Path parameter `id` by route prefix. */
let ids: Record<string, number>;

const problems: string[] = [];
const counts = { writes: 0, writeRoutes: 0, uploads: 0, uploadRoutes: 0 };

async function created(res: { statusCode: number; body: string }, what: string): Promise<number> {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return (JSON.parse(res.body) as { id: number }).id;
}

beforeAll(async () => {
  t = await createTestApp();
  actor = await createUser(t, { admin: true, name: "Quản Trị Chủ Nhóm" });
  member = await createUser(t, { name: "Thành Viên" });
  const teamId = await createTeam(t, actor, [{ user: member, role: "uploader" }]);
  const foreignUser = await createUser(t, { name: "Người Ngoài" });
  foreign = { user: foreignUser, teamId: await createTeam(t, foreignUser) };
  const comic = await createComic(t, actor, teamId);
  const other = await createComic(t, actor, teamId);
  const chapterId = await created(
    await call(t, actor, "POST", "/api/chapters", { payload: { comicId: comic.id, order: 1 } }),
    "chapter",
  );
  const pageRes = await uploadWith(t, actor, `/api/chapters/${chapterId}/pages`, [
    { field: "files", filename: "1.jpg", contentType: "image/jpeg", bytes: await jpeg(800, 1200) },
  ]);
  const pageId = (JSON.parse(pageRes.body) as { pages: { id: number }[] }).pages[0]!.id;
  const artId = await created(
    await uploadWith(t, actor, "/api/comics/arts", [await coverFile()], {
      comicId: String(comic.id),
      volume: "1",
    }),
    "art",
  );
  const person = async (kind: string) =>
    created(await call(t, actor, "POST", `/api/${kind}`, { payload: { name: `Người ${kind}` } }), kind);
  const invitationId = await created(
    await call(t, actor, "POST", `/api/teams/${teamId}/invitations`, {
      payload: { email: "moi.vao@example.com", role: "uploader" },
    }),
    "invitation",
  );
  const requestId = await created(
    await call(t, foreignUser, "POST", `/api/comics/permission/${comic.id}`, {
      payload: { teamId: foreign.teamId, reason: "Xin đăng cùng" },
    }),
    "request",
  );
  const tokenId = await created(
    await call(t, actor, "POST", "/api/tokens", { payload: { name: "Máy", teamId, scope: "upload" } }),
    "token",
  );
  known = {
    teamId,
    comicId: comic.id,
    targetComicId: other.id,
    chapterId,
    pageId,
    artId,
    tokenId,
    userId: member.id,
    thumbnail: await uploadCover(t, actor),
    email: "ban.moi@example.com",
    type: "comic",
    order: 2,
  };
  ids = {
    "/api/users/": actor.id,
    "/api/admin/users/": member.id,
    "/api/teams/": invitationId,
    "/api/invitations/": invitationId,
    "/api/requests/": requestId,
    "/api/authors/": await person("authors"),
    "/api/artists/": await person("artists"),
    "/api/characters/": await person("characters"),
    "/api/comics/permission/": comic.id,
    "/api/notifications/": 1,
    "/api/trash/": comic.id,
  };
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function urlFor(path: string, override: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    if (name in override) return override[name]!;
    if (name === "id") {
      const prefix = Object.keys(ids)
        .filter((p) => path.startsWith(p))
        .sort((a, b) => b.length - a.length)[0];
      return String(ids[prefix ?? ""] ?? 1);
    }
    return String(known[name] ?? 1);
  });
}

const RAW_KEY = /^[a-z]+(\.[A-Za-z0-9_]+)+$/;

/** The refusal's text in both languages: present, not a raw catalogue key, and different. */
function translationProblem(vi: string, en: string): string | null {
  const text = (body: string) => {
    try {
      const json = JSON.parse(body) as { message?: string; errors?: string[] };
      return [json.message ?? "", ...(json.errors ?? [])].join(" / ");
    } catch {
      return "";
    }
  };
  const [a, b] = [text(vi), text(en)];
  if (!a || !b) return `no message (vi "${vi.slice(0, 80)}")`;
  if (RAW_KEY.test(a) || RAW_KEY.test(b)) return `untranslated key "${a}"`;
  if (a === b) return `same text in vi and en: "${a.slice(0, 120)}"`;
  return null;
}

interface Attempt {
  label: string;
  send: (lang: "vi" | "en") => Promise<{ statusCode: number; body: string }>;
  /** True when the contract allows this value: a 2xx is then fine (never a 500). */
  mayPass: boolean;
  /** Extra check after a 2xx (mass assignment). */
  afterSuccess?: () => Promise<string | null>;
}

/** A request the server never answers is reported as a 599 instead of stalling the suite. */
async function answered(pending: Promise<{ statusCode: number; body: string }>) {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<{ statusCode: number; body: string }>((resolve) => {
    timer = setTimeout(() => resolve({ statusCode: 599, body: "no answer within 20 s" }), 20_000);
  });
  try {
    return await Promise.race([pending, hang]);
  } finally {
    clearTimeout(timer);
  }
}

let baseline: { db: Record<string, string>; files: string[] };
/** Refused attempts since the database was last compared (compared in batches: the fingerprint is the costly part). */
let unchecked: string[] = [];
/** Refusal texts already seen in both languages (the en call is skipped for a text already checked). */
const translated = new Set<string>();

async function capture() {
  return { db: await dbFingerprint(t, VOLATILE), files: filesUnder(t.config.storageDir) };
}

/** Compares the database with the baseline: refused attempts since then must have changed no row. */
async function checkRows(): Promise<void> {
  const after = await capture();
  const changed = changedTables(baseline.db, after.db);
  if (changed.length && unchecked.length)
    problems.push(`refused, but ${changed.join(", ")} changed by one of: ${unchecked.join(" | ")}`);
  baseline = after;
  unchecked = [];
}

/** Sends one hostile request and records what went wrong (status, text, rows, files). */
async function attempt(a: Attempt): Promise<void> {
  // An attempt that may be accepted changes rows legitimately: compare what came before it first.
  if (a.mayPass && unchecked.length) await checkRows();
  const res = await answered(a.send("vi"));
  const status = res.statusCode;
  if (status >= 500) problems.push(`${a.label}: ${status} ${res.body.slice(0, 200)}`);
  if (status < 400) {
    if (!a.mayPass) problems.push(`${a.label}: accepted (${status}) ${res.body.slice(0, 160)}`);
    const extra = await a.afterSuccess?.();
    if (extra) problems.push(`${a.label}: ${extra}`);
    baseline = await capture();
    return;
  }
  unchecked.push(a.label);
  const files = filesUnder(t.config.storageDir);
  const stored = files.filter((f) => !baseline.files.includes(f));
  if (stored.length) problems.push(`${a.label}: refused (${status}) but stored ${stored.join(", ")}`);
  if (status < 500 && !translated.has(res.body)) {
    const en = await answered(a.send("en"));
    const text = translationProblem(res.body, en.body);
    if (text) problems.push(`${a.label}: ${status} ${text}`);
    else translated.add(res.body);
  }
}

function jsonAttempt(route: WriteRoute, label: string, url: string, payload: unknown, mayPass: boolean) {
  return {
    label: `${route.method} ${route.path} ${label}`,
    mayPass,
    send: (lang: "vi" | "en") =>
      call(t, actor, route.method, url, {
        ...(payload === undefined ? {} : { payload }),
        headers: { "x-custom-lang": lang },
      }),
  };
}

/** Safety net for mass assignment: no sentinel stored, nobody promoted, the other team untouched. */
async function massAssignmentProblem(before: { admins: number; foreign: string }): Promise<string | null> {
  const state = await sideState();
  if (state.admins !== before.admins) return "a user became admin";
  if (state.foreign !== before.foreign) return "the other team's rows changed";
  const dump = await t.database.db.execute<{ hit: number }>(
    sql`select count(*)::int as hit from comics where id = 987654321 or team_id = ${foreign.teamId}`,
  );
  if (dump.rows[0]!.hit !== 0) return "a sentinel id or the other team was stored on a comic";
  return null;
}

async function sideState() {
  const admins = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from users where role = 'admin'`,
  );
  const other = await t.database.db.execute<{ h: string }>(
    sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from team_members x where team_id = ${foreign.teamId}`,
  );
  return { admins: admins.rows[0]!.n, foreign: other.rows[0]!.h };
}

describe("hostile input", () => {
  it("every upload route refuses hostile files with a translated 4xx, storing nothing and counting no quota", async () => {
    problems.length = 0;
    const { uploads } = appRoutes(t);
    expect(uploads.length).toBeGreaterThanOrEqual(8);
    const files = await hostileFiles(PAGE_MAX_BYTES);
    const fields = () => ({
      pageId: String(known.pageId),
      comicId: String(known.comicId),
      volume: "1",
    });
    const send =
      (route: UploadRoute, file: { filename: string; contentType: string; bytes: Buffer }) =>
      async (lang: "vi" | "en", extra: Record<string, string> = {}) => {
        const body = multipart([{ field: route.field, ...file }], { ...fields(), ...extra });
        return call(t, actor, "POST", urlFor(route.path), {
          payload: body.payload,
          headers: { ...body.headers, "x-custom-lang": lang },
        });
      };
    const good = { filename: "good.jpg", contentType: "image/jpeg", bytes: (await coverFile()).bytes };
    const small = { filename: "small.jpg", contentType: "image/jpeg", bytes: await jpeg(60, 80) };
    for (const route of uploads) {
      counts.uploadRoutes += 1;
      // The route takes a good file with these fields: the hostile ones below reach the gate.
      const ok = await send(route, good)("vi");
      expect({ route: route.path, status: ok.statusCode < 300 ? "ok" : ok.body }).toEqual({
        route: route.path,
        status: "ok",
      });
      baseline = await capture();
      for (const file of files) {
        counts.uploads += 1;
        await attempt({ label: `POST ${route.path} ${file.label}`, mayPass: false, send: send(route, file) });
      }
      // A good image under a traversal name is stored under a generated key, never at that path.
      counts.uploads += 1;
      const named = { ...good, filename: "../../../evil.jpg" };
      await attempt({ label: `POST ${route.path} traversal-name`, mayPass: true, send: send(route, named) });
      if (
        existsSync(join(t.config.storageDir, "../../../evil.jpg")) ||
        existsSync(join(t.dataDir, "evil.jpg"))
      )
        problems.push(`POST ${route.path} traversal-name: wrote outside storage`);
      // JSON array fields nested thousands deep: the page routes refuse them before any
      // walk over them; the other routes do not read these fields (a 2xx there is fine, a 500 never).
      for (const depth of DEEP) {
        for (const name of ["keys", "clientIds"]) {
          counts.uploads += 1;
          await attempt({
            label: `POST ${route.path} ${name}=nested-${depth}`,
            mayPass: route.path !== "/api/chapters/:chapterId/pages",
            send: (lang) => send(route, small)(lang, { [name]: nested(depth) }),
          });
        }
      }
      // Bad text fields beside a small good file (cheap to check): a refusal must undo the stored file.
      for (const [label, value] of Object.entries(BAD_VALUES)) {
        if (typeof value !== "string" && typeof value !== "number") continue;
        for (const name of UPLOAD_TEXT_FIELDS) {
          counts.uploads += 1;
          const text = name === "keys" || name === "clientIds" ? JSON.stringify([value]) : String(value);
          await attempt({
            label: `POST ${route.path} ${name}=${label}`,
            mayPass: true,
            send: (lang) => send(route, small)(lang, { [name]: text }),
          });
        }
      }
      await checkRows();
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it("every write route refuses bad values, bad ids and mass assignment with a translated 4xx, changing nothing", async () => {
    problems.length = 0;
    const { writes } = appRoutes(t);
    expect(writes.length).toBeGreaterThan(40);
    baseline = await capture();
    const massAssigned: { route: WriteRoute; body: unknown }[] = [];
    for (const route of writes) {
      counts.writeRoutes += 1;
      const url = urlFor(route.path);
      const body = route.body ? sample(route.body, known) : undefined;
      if (route.body) {
        for (const leaf of leaves(route.body, body)) {
          for (const [label, value] of Object.entries(BAD_VALUES)) {
            counts.writes += 1;
            const payload = withValue(body, leaf.path, value);
            const name = `${leaf.path.join(".") || "body"}=${label}`;
            await attempt(jsonAttempt(route, name, url, payload, mayAccept(label, leaf.schema)));
          }
        }
        massAssigned.push({ route, body });
      }
      for (const param of Object.keys(route.params)) {
        for (const [label, value] of Object.entries(BAD_PARAMS)) {
          counts.writes += 1;
          const bad = urlFor(route.path, { [param]: value });
          await attempt(jsonAttempt(route, `:${param}=${label}`, bad, body, false));
        }
      }
      await checkRows();
    }
    // Last: these may be accepted (unknown fields are dropped), and a merge or transfer changes the world.
    for (const { route, body } of massAssigned) {
      counts.writes += 1;
      const before = await sideState();
      const own = Object.keys(route.body?.properties ?? {});
      const extra = Object.entries(massAssignment(foreign.teamId, foreign.user.id)).filter(
        ([k]) => !own.includes(k),
      );
      const payload = { ...(body as object), ...Object.fromEntries(extra) };
      await attempt({
        ...jsonAttempt(route, "mass-assignment", urlFor(route.path), payload, true),
        afterSuccess: () => massAssignmentProblem(before),
      });
    }
    await checkRows();
    expect(problems).toEqual([]);
  }, 600_000);

  it("every JSON route refuses deeply nested JSON (3000, 10000 and 1 MiB deep) with a translated 4xx, changing nothing", async () => {
    problems.length = 0;
    // Sign-out last: a route that ignores its body would otherwise end the actor's session.
    const writes = appRoutes(t).writes.sort(
      (a, b) => Number(a.path.endsWith("/logout")) - Number(b.path.endsWith("/logout")),
    );
    baseline = await capture();
    for (const route of writes) {
      for (const depth of [...DEEP, ONE_MIB_DEEP]) {
        counts.writes += 1;
        const payload = Buffer.from(nested(depth));
        // The sign-in exchange is also tried without a session: it needs none.
        const callers = route.path === "/api/users/auth" ? [actor, null] : [actor];
        for (const caller of callers) {
          await attempt({
            label: `${route.method} ${route.path} body=nested-${depth}${caller ? "" : " (no session)"}`,
            mayPass: false,
            send: (lang) =>
              call(t, caller, route.method, urlFor(route.path), {
                payload,
                headers: { "content-type": "application/json", "x-custom-lang": lang },
              }),
          });
        }
      }
    }
    await checkRows();
    expect(problems).toEqual([]);
  }, 600_000);

  afterAll(() => {
    console.log(
      `hostile-input: ${counts.writes} write attempts over ${counts.writeRoutes} routes, ` +
        `${counts.uploads} upload attempts over ${counts.uploadRoutes} routes`,
    );
  });
});

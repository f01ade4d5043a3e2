/**
 * Races: the same change asked for several times at once, or two changes of one comic
 * at once, answer 200/204, 404 or 409, never a 500, and leave the data consistent. On PostgreSQL
 * the requests run truly in parallel (one pool connection each); PGlite has one connection, so
 * there they are queued and the test checks the same outcome rules (the race itself is
 * PostgreSQL's). Each case runs several rounds: a race lost on one round is won on another.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comics } from "../src/db/schema/comics";
import { requests } from "../src/db/schema/requests";
import { createTestApp, type TestApp } from "./app";
import { call, createTeam, createUser, type TestUser } from "./fixtures/api";
import { createComic } from "./fixtures/comics";

const ROUNDS = 6;

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let teamId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  admin = await createUser(t, { admin: true });
  teamId = await createTeam(t, owner);
});
afterAll(() => t?.close());

const statuses = (results: { statusCode: number }[]) => results.map((r) => r.statusCode).sort();

async function ok<T>(pending: Promise<{ statusCode: number; body: string; json(): T }>): Promise<T> {
  const res = await pending;
  if (res.statusCode >= 300) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
}

describe("races answer 404/409, never 500", () => {
  it("restoring one trashed chapter several times at once: one 200, the others 404; restored once", async () => {
    const comic = await createComic(t, owner, teamId);
    for (let round = 1; round <= ROUNDS; round++) {
      const { id } = await ok<{ id: number }>(
        call(t, owner, "POST", "/api/chapters", { payload: { comicId: comic.id, order: round } }),
      );
      const deleted = await call(t, owner, "DELETE", `/api/chapters/${id}`);
      expect(deleted.statusCode).toBeLessThan(300);
      const results = await Promise.all(
        Array.from({ length: 4 }, () => call(t, owner, "POST", `/api/trash/chapter/${id}/restore`)),
      );
      expect({ round, statuses: statuses(results) }).toEqual({ round, statuses: [200, 404, 404, 404] });
      const restores = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from audit_log where entity = 'chapter' and entity_id = ${id} and action = 'restore'`,
      );
      expect(Number(restores.rows[0]!.n)).toBe(1);
      const live = await call(t, owner, "GET", `/api/chapters/${id}`);
      expect(live.statusCode).toBe(200);
    }
  });

  it("an admin approving a delete and a merge of one comic at once: one is carried out, the other 409", async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const source = await createComic(t, owner, teamId);
      const target = await createComic(t, owner, teamId);
      const file = (url: string, payload: object) =>
        ok<{ request: { id: number } }>(
          call(t, owner, "POST", url, { payload: { teamId, reason: `Vòng ${round}`, ...payload } }),
        );
      const del = (await file("/api/comics/deleteRequest", { comicId: source.id })).request.id;
      const merge = (await file("/api/comics/mergeRequest", { comicId: source.id, targetComicId: target.id }))
        .request.id;
      const [a, b] = await Promise.all([
        call(t, admin, "POST", `/api/requests/${del}/approve`, { payload: {} }),
        call(t, admin, "POST", `/api/requests/${merge}/approve`, { payload: {} }),
      ]);
      expect({
        round,
        statuses: statuses([a!, b!]),
        bodies: [a!.body, b!.body].filter((x) => /INTERNAL/.test(x)),
      }).toMatchObject({ round, statuses: [200, 409], bodies: [] });
      // Consistent: the approved request was carried out, the other superseded by it.
      const rows = await t.database.db
        .select({ id: requests.id, status: requests.status })
        .from(requests)
        .where(and(eq(requests.comicId, source.id)));
      const status = Object.fromEntries(rows.map((r) => [r.id, r.status]));
      const [comic] = await t.database.db.select().from(comics).where(eq(comics.id, source.id));
      if (a!.statusCode === 200) {
        expect(status).toEqual({ [del]: "approved", [merge]: "superseded" });
        expect(comic!.mergedIntoId).toBeNull();
      } else {
        expect(status).toEqual({ [del]: "superseded", [merge]: "approved" });
        expect(comic!.mergedIntoId).toBe(target.id);
      }
      expect(comic!.deletedAt).not.toBeNull();
    }
  });
});

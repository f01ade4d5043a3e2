/**
 * The request lifecycle of docs/requests.md: pending -> approved | rejected | cancelled |
 * superseded, who may take each transition (and who may not), the note rule, the no-body
 * permission call, and merges/deletes settling requests instead of moving them.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../../test/fixtures/api";
import { createComic } from "../../../test/fixtures/comics";
import { requests } from "../../db/schema/requests";

let t: TestApp;
let ownerA: TestUser;
let managerA: TestUser;
let uploaderA: TestUser;
let ownerB: TestUser;
/** A member of teams B and C. */
let twoTeams: TestUser;
let stranger: TestUser;
let admin: TestUser;
let teamA: number;
let teamB: number;
let teamC: number;
const en = { "x-custom-lang": "en" };

beforeAll(async () => {
  t = await createTestApp();
  ownerA = await createUser(t);
  managerA = await createUser(t);
  uploaderA = await createUser(t);
  ownerB = await createUser(t);
  twoTeams = await createUser(t);
  stranger = await createUser(t);
  admin = await createUser(t, { admin: true });
  teamA = await createTeam(t, ownerA, [
    { user: managerA, role: "manager" },
    { user: uploaderA, role: "uploader" },
  ]);
  teamB = await createTeam(t, ownerB, [{ user: twoTeams, role: "uploader" }]);
  teamC = await createTeam(t, twoTeams);
  await createTeam(t, stranger);
});
afterAll(() => t?.close());

const post = (user: TestUser | null, url: string, payload?: unknown) =>
  call(t, user, "POST", url, payload === undefined ? { headers: en } : { headers: en, payload });

async function permission(comicId: number, teamId = teamB, user = ownerB): Promise<number> {
  const res = await post(user, `/api/comics/permission/${comicId}`, { teamId, reason: "Xin đăng tiếp" });
  expect(res.statusCode).toBe(201);
  return res.json().request.id as number;
}

async function statusOf(id: number) {
  const [row] = await t.database.db.select().from(requests).where(eq(requests.id, id));
  return row!;
}

describe("POST /api/comics/permission/:id with no body (the platform's original call)", () => {
  it("files for the caller's only team with an empty reason", async () => {
    const comic = await createComic(t, ownerA, teamA);
    const res = await post(stranger, `/api/comics/permission/${comic.id}`);
    expect(res.statusCode).toBe(201);
    expect(res.json().request).toMatchObject({ status: "pending", reason: "", user: { id: stranger.id } });
  });

  it("asks a caller in several teams to choose one (422 on teamId); the dialog then sends it", async () => {
    const comic = await createComic(t, ownerA, teamA);
    const res = await post(twoTeams, `/api/comics/permission/${comic.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(["You are in several teams: choose the team that sends the request"]);
    expect(await t.database.db.select().from(requests).where(eq(requests.comicId, comic.id))).toEqual([]);
    const chosen = await post(twoTeams, `/api/comics/permission/${comic.id}`, {
      teamId: teamC,
      reason: "Nhóm C muốn đăng",
    });
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json().request.team.id).toBe(teamC);
  });

  it("refuses a caller with no team (422) and a body without a reason (422)", async () => {
    const comic = await createComic(t, ownerA, teamA);
    const loner = await createUser(t);
    const res = await post(loner, `/api/comics/permission/${comic.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).not.toMatch(/teamId/);
    const blank = await post(ownerB, `/api/comics/permission/${comic.id}`, { teamId: teamB, reason: " " });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual(["Please enter a reason"]);
  });
});

describe("permission requests: reviewed by the owning team's owner and managers, and admins", () => {
  it("a manager of the owning team sees it under review and approves it: the team becomes a collaborator", async () => {
    const comic = await createComic(t, ownerA, teamA, { title: "Truyện Được Duyệt" });
    const id = await permission(comic.id);

    const review = (await call(t, managerA, "GET", `/api/requests?scope=review&status=pending`)).json();
    expect(review.requests.map((r: { id: number }) => r.id)).toContain(id);
    expect(review.requests.find((r: { id: number }) => r.id === id)).toMatchObject({
      can: { review: true, cancel: false },
      team: { id: teamB },
      comic: { id: comic.id, title: "Truyện Được Duyệt" },
    });
    expect((await call(t, managerA, "GET", "/api/requests/counts")).json().review).toBeGreaterThan(0);
    // An uploader of the owning team reviews nothing.
    const uploaderView = (await call(t, uploaderA, "GET", "/api/requests?scope=review")).json();
    expect(uploaderView.requests).toEqual([]);
    expect((await call(t, uploaderA, "GET", "/api/requests/counts")).json().review).toBe(0);
    // The requesting team sees it under "sent" with cancel, not review.
    const sent = (await call(t, ownerB, "GET", `/api/requests/${id}`)).json();
    expect(sent.can).toEqual({ review: false, cancel: true });

    // Forbidden reviewers: the uploader (403: may see the comic, not review), the requester (403), a stranger (404).
    expect((await post(uploaderA, `/api/requests/${id}/approve`)).statusCode).toBe(404);
    expect((await post(ownerB, `/api/requests/${id}/approve`)).statusCode).toBe(403);
    expect((await post(stranger, `/api/requests/${id}/approve`)).statusCode).toBe(404);
    expect((await post(null, `/api/requests/${id}/approve`)).statusCode).toBe(401);
    expect((await call(t, stranger, "GET", `/api/requests/${id}`)).statusCode).toBe(404);
    expect((await statusOf(id)).status).toBe("pending");

    expect((await call(t, ownerB, "GET", `/api/comics/${comic.id}`)).statusCode).toBe(404);
    const approved = await post(managerA, `/api/requests/${id}/approve`, { note: "Chào mừng" });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: "approved",
      note: "Chào mừng",
      reviewedBy: { id: managerA.id },
      can: { review: false, cancel: false },
    });
    const detail = await call(t, ownerB, "GET", `/api/comics/${comic.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      can: { upload: true },
      collaborators: [{ id: teamB, kind: "granted" }],
    });
    const mine = (await call(t, ownerB, "GET", "/api/comics?scope=mine&limit=100")).json();
    expect(mine.comics.map((c: { id: number }) => c.id)).toContain(comic.id);
    const chapter = await call(t, ownerB, "POST", "/api/chapters", {
      payload: { comicId: comic.id, teamId: teamB, order: 1, name: "Chương của B" },
    });
    expect(chapter.statusCode).toBe(201);
  });

  it("the owner rejects with a note (required), the team may file again", async () => {
    const comic = await createComic(t, ownerA, teamA);
    const id = await permission(comic.id);
    const noNote = await post(ownerA, `/api/requests/${id}/reject`, {});
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().errors).toEqual(["Please enter a note when rejecting"]);
    expect((await post(ownerA, `/api/requests/${id}/reject`, { note: "  " })).statusCode).toBe(422);
    expect((await statusOf(id)).status).toBe("pending");
    const rejected = await post(ownerA, `/api/requests/${id}/reject`, { note: "Chúng tôi vẫn đang dịch" });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: "rejected",
      note: "Chúng tôi vẫn đang dịch",
      reviewedBy: { id: ownerA.id },
    });
    expect(rejected.json().reviewedAt).not.toBeNull();
    const listed = (await call(t, ownerB, "GET", `/api/requests?comicId=${comic.id}&status=rejected`)).json();
    expect(listed.requests[0]).toMatchObject({ id, note: "Chúng tôi vẫn đang dịch" });
    expect((await call(t, ownerB, "GET", `/api/comics/${comic.id}`)).statusCode).toBe(404);
    await permission(comic.id);
  });

  it("admins review permission requests too", async () => {
    const comic = await createComic(t, ownerA, teamA);
    const id = await permission(comic.id);
    expect((await post(admin, `/api/requests/${id}/approve`)).json().status).toBe("approved");
  });
});

describe("cancel", () => {
  it("a member of the requesting team cancels a pending request; reviewers outside it may not", async () => {
    const comic = await createComic(t, ownerA, teamA);
    const id = await permission(comic.id);
    expect((await post(managerA, `/api/requests/${id}/cancel`)).statusCode).toBe(403);
    expect((await post(stranger, `/api/requests/${id}/cancel`)).statusCode).toBe(404);
    expect((await post(null, `/api/requests/${id}/cancel`)).statusCode).toBe(401);
    // Any role of the requesting team: twoTeams is an uploader of team B.
    const cancelled = await post(twoTeams, `/api/requests/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", reviewedBy: { id: twoTeams.id } });
    await permission(comic.id);
  });

  it("admins may cancel any pending request", async () => {
    const comic = await createComic(t, ownerA, teamA);
    const id = await permission(comic.id);
    expect((await post(admin, `/api/requests/${id}/cancel`)).json().status).toBe("cancelled");
  });
});

describe("settled requests never move again", () => {
  it("approve, reject and cancel answer 409 on every final status", async () => {
    const finals: Record<string, number> = {};
    for (const status of ["approved", "rejected", "cancelled", "superseded"] as const) {
      const comic = await createComic(t, ownerA, teamA);
      const id = await permission(comic.id);
      if (status === "approved") await post(admin, `/api/requests/${id}/approve`);
      if (status === "rejected") await post(admin, `/api/requests/${id}/reject`, { note: "Không" });
      if (status === "cancelled") await post(ownerB, `/api/requests/${id}/cancel`);
      if (status === "superseded") await call(t, admin, "DELETE", `/api/comics/${comic.id}`);
      expect((await statusOf(id)).status).toBe(status);
      finals[status] = id;
    }
    for (const [status, id] of Object.entries(finals)) {
      const before = await statusOf(id);
      expect((await post(admin, `/api/requests/${id}/approve`)).statusCode).toBe(409);
      expect((await post(admin, `/api/requests/${id}/reject`, { note: "x" })).statusCode).toBe(409);
      expect((await post(ownerB, `/api/requests/${id}/cancel`)).statusCode).toBe(409);
      const after = await statusOf(id);
      expect({ status, row: after }).toEqual({ status, row: before });
    }
  });
});

describe("delete and merge requests: reviewed by admins", () => {
  it("team members cannot approve their own delete request; approval moves the comic to the trash and supersedes the rest", async () => {
    const comic = await createComic(t, ownerA, teamA, { title: "Sẽ Bị Xóa" });
    const del = await post(uploaderA, "/api/comics/deleteRequest", {
      comicId: comic.id,
      teamId: teamA,
      reason: "Trùng",
    });
    const deleteId = del.json().request.id as number;
    const permissionId = await permission(comic.id);
    for (const user of [ownerA, managerA, uploaderA]) {
      expect((await post(user, `/api/requests/${deleteId}/approve`)).statusCode).toBe(403);
    }
    expect((await post(ownerB, `/api/requests/${deleteId}/approve`)).statusCode).toBe(404);
    // Only admins review it: it is in the admin's review list, not the owner's.
    const ownerReview = (await call(t, ownerA, "GET", "/api/requests?scope=review")).json();
    expect(ownerReview.requests.map((r: { id: number }) => r.id)).not.toContain(deleteId);
    const adminReview = (await call(t, admin, "GET", "/api/requests?scope=review&type=delete")).json();
    expect(adminReview.requests.map((r: { id: number }) => r.id)).toContain(deleteId);

    expect((await post(admin, `/api/requests/${deleteId}/approve`)).json().status).toBe("approved");
    expect((await call(t, ownerA, "GET", `/api/comics/${comic.id}`)).statusCode).toBe(404);
    const settled = await statusOf(permissionId);
    expect([settled.status, settled.comicId, settled.reviewedBy]).toEqual(["superseded", comic.id, admin.id]);
  });

  it("a merge supersedes the removed comic's pending requests and never moves them onto the kept comic", async () => {
    const kept = await createComic(t, ownerA, teamA, { title: "Truyện Giữ" });
    const removed = await createComic(t, ownerA, teamA, { title: "Truyện Gộp Đi" });
    const deleteOnRemoved = (
      await post(ownerA, "/api/comics/deleteRequest", { comicId: removed.id, teamId: teamA, reason: "Trùng" })
    ).json().request.id as number;
    const permissionOnRemoved = await permission(removed.id);
    const merge = await post(ownerA, "/api/comics/mergeRequest", {
      comicId: removed.id,
      targetComicId: kept.id,
      teamId: teamA,
      reason: "Cùng một truyện",
    });
    const mergeId = merge.json().request.id as number;
    expect((await post(managerA, `/api/requests/${mergeId}/approve`)).statusCode).toBe(403);
    expect((await post(admin, `/api/requests/${mergeId}/approve`)).json().status).toBe("approved");

    for (const id of [deleteOnRemoved, permissionOnRemoved]) {
      const row = await statusOf(id);
      expect([row.status, row.comicId]).toEqual(["superseded", removed.id]);
    }
    // The kept comic is not flagged "delete requested", and the merge reads removed -> kept.
    const flagged = (await call(t, ownerA, "GET", "/api/comics?status=delete-requested&limit=100")).json();
    expect(flagged.comics.map((c: { id: number }) => c.id)).not.toContain(kept.id);
    const keptDetail = (await call(t, ownerA, "GET", `/api/comics/${kept.id}`)).json();
    expect(keptDetail.deleteRequested).toBe(false);
    const mergeView = (await call(t, ownerA, "GET", `/api/requests/${mergeId}`)).json();
    expect(mergeView).toMatchObject({
      comic: { id: removed.id, title: "Truyện Gộp Đi" },
      targetComic: { id: kept.id, title: "Truyện Giữ" },
      status: "approved",
    });
    // The superseded delete request can no longer delete anything.
    expect((await post(admin, `/api/requests/${deleteOnRemoved}/approve`)).statusCode).toBe(409);
    expect((await call(t, ownerA, "GET", `/api/comics/${kept.id}`)).statusCode).toBe(200);
  });

  it("a direct merge by an admin supersedes requests whose target is the removed comic too", async () => {
    const a = await createComic(t, ownerA, teamA);
    const b = await createComic(t, ownerA, teamA);
    const c = await createComic(t, ownerA, teamA);
    const intoB = (
      await post(ownerA, "/api/comics/mergeRequest", {
        comicId: a.id,
        targetComicId: b.id,
        teamId: teamA,
        reason: "x",
      })
    ).json().request.id as number;
    expect((await post(admin, "/api/comics/merge", { comicId: b.id, targetComicId: c.id })).statusCode).toBe(
      200,
    );
    const row = await statusOf(intoB);
    expect([row.status, row.comicId, row.targetComicId]).toEqual(["superseded", a.id, b.id]);
  });
});

describe("GET /api/requests scopes", () => {
  it("scope=all is for admins; review and mine are per caller; bad filters are 422", async () => {
    expect((await call(t, ownerA, "GET", "/api/requests?scope=all")).statusCode).toBe(403);
    expect((await call(t, admin, "GET", "/api/requests?scope=all")).statusCode).toBe(200);
    expect((await call(t, ownerA, "GET", "/api/requests?status=superseded")).statusCode).toBe(200);
    expect((await call(t, ownerA, "GET", "/api/requests?status=nope")).statusCode).toBe(422);
    expect((await call(t, ownerA, "GET", "/api/requests?scope=nope")).statusCode).toBe(422);
    expect((await call(t, null, "GET", "/api/requests/counts")).statusCode).toBe(401);
    const counts = (await call(t, ownerB, "GET", "/api/requests/counts")).json();
    const pendingMine = (await call(t, ownerB, "GET", "/api/requests?status=pending")).json();
    expect(counts.sent).toBe(pendingMine.total);
  });
});

/**
 * The admin area: 404 for everyone but platform admins (server-side), users (search, grant and
 * revoke admin, disable an account and end its sessions), audit log search.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, createUser, type TestUser } from "../../../test/fixtures/api";

let t: TestApp;
let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { admin: true, name: "Quản Trị Viên" });
  user = await createUser(t, { name: "Người Dùng Thường" });
  await createTeam(t, user, [], "Nhóm Của Người Dùng");
});
afterAll(() => t?.close());

describe("/api/admin/*", () => {
  it("answers 404 to non-admins and 401 signed out, whatever the input", async () => {
    for (const [method, url, payload] of [
      ["GET", "/api/admin/users", undefined],
      ["GET", "/api/admin/users?page=nope", undefined],
      ["PATCH", `/api/admin/users/${user.id}`, { role: "admin" }],
      ["GET", "/api/admin/audit", undefined],
    ] as const) {
      const res = await call(t, user, method, url, payload ? { payload } : {});
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect((await call(t, null, method, url, payload ? { payload } : {})).statusCode).toBe(401);
    }
  });

  it("lists and searches users with their team count", async () => {
    const res = await call(t, admin, "GET", `/api/admin/users?search=${encodeURIComponent("nguoi dung")}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().users).toEqual([
      expect.objectContaining({ id: user.id, role: "user", disabledAt: null, teamCount: 1 }),
    ]);
    const byMail = await call(t, admin, "GET", `/api/admin/users?search=${encodeURIComponent(user.email)}`);
    expect(byMail.json().users.map((u: { id: number }) => u.id)).toEqual([user.id]);
  });

  it("grants and revokes admin; an admin cannot demote or disable themselves", async () => {
    const granted = await call(t, admin, "PATCH", `/api/admin/users/${user.id}`, {
      payload: { role: "admin" },
    });
    expect(granted.json().role).toBe("admin");
    expect((await call(t, user, "GET", "/api/admin/users")).statusCode).toBe(200);
    await call(t, admin, "PATCH", `/api/admin/users/${user.id}`, { payload: { role: "user" } });
    expect((await call(t, user, "GET", "/api/admin/users")).statusCode).toBe(404);
    expect(
      (await call(t, admin, "PATCH", `/api/admin/users/${admin.id}`, { payload: { disabled: true } }))
        .statusCode,
    ).toBe(409);
    expect((await call(t, admin, "PATCH", `/api/admin/users/${user.id}`, { payload: {} })).statusCode).toBe(
      422,
    );
    expect(
      (await call(t, admin, "PATCH", "/api/admin/users/999999", { payload: { role: "user" } })).statusCode,
    ).toBe(404);
  });

  it("disabling an account ends its sessions at once; enabling lets it sign in again", async () => {
    const target = await createUser(t);
    expect((await call(t, target, "GET", "/api/teams")).statusCode).toBe(200);
    const disabled = await call(t, admin, "PATCH", `/api/admin/users/${target.id}`, {
      payload: { disabled: true },
    });
    expect(disabled.json().disabledAt).not.toBeNull();
    expect((await call(t, target, "GET", "/api/teams")).statusCode).toBe(401);
    await call(t, admin, "PATCH", `/api/admin/users/${target.id}`, { payload: { disabled: false } });
    // The old session is gone for good; a fresh one works.
    expect((await call(t, target, "GET", "/api/teams")).statusCode).toBe(401);
  });

  it("searches the audit log", async () => {
    const res = await call(t, admin, "GET", `/api/admin/audit?search=${encodeURIComponent("Nhóm Của")}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().entries[0]).toMatchObject({ entity: "team", action: "create", actor: { id: user.id } });
    const byEntity = await call(t, admin, "GET", "/api/admin/audit?entity=user");
    expect(byEntity.json().entries.every((e: { entity: string }) => e.entity === "user")).toBe(true);
  });
});

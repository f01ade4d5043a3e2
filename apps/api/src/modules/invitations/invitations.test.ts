import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../../test/app";
import { call, createUser } from "../../../test/fixtures/api";
import { teamKit } from "../../../test/fixtures/teams";
import { mailOutbox } from "../../db/schema/mail";
import { teamInvitations } from "../../db/schema/teams";
import { translate } from "../../lib/messages";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SITE_URL: "https://vuontruyen.example" } });
});
afterAll(() => t?.close());

const db = () => t.database.db;
const { roleOf, lastAudit, world } = teamKit(() => t);

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
    expect(res.json().errors).toEqual(["Invalid email address"]);
  });
});

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { me, signedInUser } from "../../test/identity";
import { createDatabase, runMigrations } from "../db/client";
import { users } from "../db/schema/users";
import { main, runAdminCommand } from "./admin";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("npm run admin", () => {
  it("grant makes a signed-in user a platform admin, revoke undoes it", async () => {
    const { jar, account } = await signedInUser(t);
    const grant = capture();
    expect(await runAdminCommand(["grant", account.email.toUpperCase()], t.database, grant.io)).toBe(0);
    expect(grant.out.join("\n")).toContain("is now a platform admin");
    expect((await me(t, jar)).json().role).toBe("admin");

    const list = capture();
    expect(await runAdminCommand(["list"], t.database, list.io)).toBe(0);
    expect(list.out.join("\n")).toContain(account.email);

    const revoke = capture();
    expect(await runAdminCommand(["revoke", account.email], t.database, revoke.io)).toBe(0);
    expect((await me(t, jar)).json().role).toBe("user");
  });

  it("fails with a clear message for an unknown e-mail and for bad usage", async () => {
    const unknown = capture();
    expect(await runAdminCommand(["grant", "ghost@example.com"], t.database, unknown.io)).toBe(1);
    expect(unknown.err.join("\n")).toContain("No user with the e-mail ghost@example.com");
    const usage = capture();
    expect(await runAdminCommand(["promote", "x@example.com"], t.database, usage.io)).toBe(64);
    expect(usage.err.join("\n")).toContain("Usage:");
  });
});

describe("admin command on the embedded PGlite database", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "vt-admin-cli-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const env = () => ({ DATA_DIR: dataDir, LOG_LEVEL: "silent", AUTH_SECRET: "x".repeat(40) });

  it("grants on a PGlite data directory", async () => {
    const db = await createDatabase({ pgliteDir: join(dataDir, "db") });
    await runMigrations(db);
    await db.db.insert(users).values({
      email: "owner@example.com",
      name: "Owner",
      identityIssuer: "https://issuer.example",
      identitySubject: "owner",
    });
    await db.close();

    const run = capture();
    expect(await main(["grant", "owner@example.com"], env(), run.io)).toBe(0);

    const check = await createDatabase({ pgliteDir: join(dataDir, "db") });
    const [row] = await check.db.select().from(users).where(eq(users.email, "owner@example.com"));
    await check.close();
    expect(row?.role).toBe("admin");
  });

  it("refuses with a clear message (exit 2) while another process holds the data directory", async () => {
    const held = await createDatabase({ pgliteDir: join(dataDir, "db") });
    try {
      const script = fileURLToPath(new URL("./admin.ts", import.meta.url));
      const result = spawnSync(process.execPath, ["--import", "tsx", script, "grant", "owner@example.com"], {
        env: { ...process.env, ...env() },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(result.status).toBe(2);
      expect(result.stderr).toContain("in use by another running process");
      expect(result.stderr).toContain("stop the server");
    } finally {
      await held.close();
    }
  });
});

import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/db";
import { createDatabase, runMigrations } from "./client";
import { DatabaseLockedError, lockFileFor } from "./pglite-lock";
import { appMeta } from "./schema";

describe("database", () => {
  it("re-running migrations, even concurrently, is a no-op", async () => {
    const database = await createTestDatabase();
    try {
      await database.db.insert(appMeta).values({ key: "k", value: "v" });
      await Promise.all([runMigrations(database), runMigrations(database)]);
      const rows = await database.db.select().from(appMeta);
      expect(rows).toEqual([expect.objectContaining({ key: "k", value: "v" })]);
      const { rows: ext } = await database.db.execute<{ extname: string }>(
        sql`select extname from pg_extension where extname in ('unaccent', 'pg_trgm') order by extname`,
      );
      expect(ext.map((r) => r.extname)).toEqual(["pg_trgm", "unaccent"]);
    } finally {
      await database.close();
    }
  });

  it("a PGlite directory opened by this process cannot be opened again until closed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vt-db-"));
    const pgliteDir = join(dir, "db");
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const first = await createDatabase({ pgliteDir });
    await expect(createDatabase({ pgliteDir })).rejects.toBeInstanceOf(DatabaseLockedError);
    await first.close();
    const again = await createDatabase({ pgliteDir });
    await again.close();
    expect(existsSync(lockFileFor(pgliteDir))).toBe(false);
  });
});

import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export async function pingDatabase(db: Db): Promise<boolean> {
  const result = await db.execute<{ ok: number }>(sql`select 1 as ok`);
  return result.rows[0]?.ok === 1;
}

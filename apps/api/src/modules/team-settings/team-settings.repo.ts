/** SQL of a team's donate and credit settings (one versioned row each, defaults until first saved). */
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/executor";
import { teamCredit, teamDonate } from "../../db/schema/teams";
import { FINGERPRINT_VERSION } from "../../lib/page-fingerprint";

export type DonateRow = Omit<typeof teamDonate.$inferSelect, "teamId" | "updatedAt" | "version">;
export type CreditRow = Omit<
  typeof teamCredit.$inferSelect,
  "teamId" | "updatedAt" | "version" | "pageHashes" | "pageHashVersions"
>;
/** A stored row with its version (1 for settings never saved). */
export type Versioned<T> = T & { version: number };

export const DEFAULT_DONATE: Versioned<DonateRow> = {
  enabled: false,
  qrImage: null,
  content: "",
  showInEachChapter: false,
  version: 1,
};
export const DEFAULT_CREDIT: Versioned<CreditRow> = { enabled: false, text: "", pages: [], version: 1 };

/** The team's donate settings (defaults when never saved); `lock` takes a row lock in a transaction. */
export async function getDonate(db: Executor, teamId: number): Promise<Versioned<DonateRow>> {
  const [row] = await db
    .select({
      enabled: teamDonate.enabled,
      qrImage: teamDonate.qrImage,
      content: teamDonate.content,
      showInEachChapter: teamDonate.showInEachChapter,
      version: teamDonate.version,
    })
    .from(teamDonate)
    .where(eq(teamDonate.teamId, teamId))
    .limit(1);
  return row ?? DEFAULT_DONATE;
}

/** Saves the settings and answers their new version. */
export async function saveDonate(tx: Executor, teamId: number, values: DonateRow): Promise<number> {
  const [row] = await tx
    .insert(teamDonate)
    .values({ teamId, ...values, version: 2 })
    .onConflictDoUpdate({
      target: teamDonate.teamId,
      set: { ...values, updatedAt: new Date(), version: sql`${teamDonate.version} + 1` },
    })
    .returning({ version: teamDonate.version });
  return row!.version;
}

export async function getCredit(db: Executor, teamId: number): Promise<Versioned<CreditRow>> {
  const [row] = await db
    .select({
      enabled: teamCredit.enabled,
      text: teamCredit.text,
      pages: teamCredit.pages,
      version: teamCredit.version,
    })
    .from(teamCredit)
    .where(eq(teamCredit.teamId, teamId))
    .limit(1);
  return row ?? DEFAULT_CREDIT;
}

/** Saves the settings and answers their new version. */
export async function saveCredit(tx: Executor, teamId: number, values: CreditRow): Promise<number> {
  const [row] = await tx
    .insert(teamCredit)
    .values({ teamId, ...values, version: 2 })
    .onConflictDoUpdate({
      target: teamCredit.teamId,
      set: { ...values, updatedAt: new Date(), version: sql`${teamCredit.version} + 1` },
    })
    .returning({ version: teamCredit.version });
  return row!.version;
}

/**
 * Records the dHashes of credit pages just uploaded (`key -> dhash`), made by the current
 * fingerprint (FINGERPRINT_VERSION), and forgets those of pages no longer in the list (the page
 * checks read them: docs/page-checks.md).
 */
export async function saveCreditPageHashes(
  tx: Executor,
  teamId: number,
  added: Record<string, string>,
  removed: string[] = [],
): Promise<void> {
  const versions = Object.fromEntries(Object.keys(added).map((k) => [k, FINGERPRINT_VERSION]));
  const gone = `{${removed.map((k) => JSON.stringify(k)).join(",")}}`;
  await tx
    .update(teamCredit)
    .set({
      pageHashes: sql`(${teamCredit.pageHashes} || ${JSON.stringify(added)}::jsonb) - ${gone}::text[]`,
      pageHashVersions: sql`(${teamCredit.pageHashVersions} || ${JSON.stringify(versions)}::jsonb) - ${gone}::text[]`,
    })
    .where(eq(teamCredit.teamId, teamId));
}

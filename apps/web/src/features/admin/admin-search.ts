/** /admin search params: `tab`, `search`, `page` (plain parser: the router ships in the first download). */
export const ADMIN_TABS = ["queue", "users", "teams", "trash", "audit"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export type AdminSearch = { tab?: Exclude<AdminTab, "queue">; search?: string; page?: number };

export function parseAdminSearch(raw: Record<string, unknown>): AdminSearch {
  const out: AdminSearch = {};
  if (
    typeof raw.tab === "string" &&
    (ADMIN_TABS as readonly string[]).includes(raw.tab) &&
    raw.tab !== "queue"
  ) {
    out.tab = raw.tab as AdminSearch["tab"];
  }
  if (typeof raw.search === "string" && raw.search.trim()) out.search = raw.search.trim().slice(0, 100);
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1 && page <= 100_000) out.page = page;
  return out;
}

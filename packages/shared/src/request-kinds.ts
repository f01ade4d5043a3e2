/**
 * The comic requests' types and statuses (docs/platform.md, "Requests"), without zod: the dashboard's pages
 * that only name them (the History's words) do not load the contracts' schemas for them.
 * `contracts/comics.ts` builds its enums from these lists.
 */
export const REQUEST_TYPES = ["permission", "delete", "merge", "person-delete"] as const;
export const REQUEST_STATUSES = ["pending", "approved", "rejected", "cancelled", "superseded"] as const;

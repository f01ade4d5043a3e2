import type { TRequestStatus, TRequestType } from "@vt/shared/contracts/comics";

// Copies of the contract's lists (type-checked): the router runs this parser in the first
// download, which must not pull zod in.
export const REQUEST_TYPES = [
  "permission",
  "delete",
  "merge",
  "person-delete",
] as const satisfies readonly TRequestType[];
export const REQUEST_STATUSES = [
  "pending",
  "approved",
  "rejected",
  "cancelled",
  "superseded",
] as const satisfies readonly TRequestStatus[];

/** /requests search params: `tab` (sent, review), `type`, `state` (a status), `page`; malformed values drop out. */
export type RequestsSearch = {
  tab?: "review";
  type?: TRequestType;
  state?: TRequestStatus;
  page?: number;
};

const includes = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);

export function parseRequestsSearch(raw: Record<string, unknown>): RequestsSearch {
  const out: RequestsSearch = {};
  if (raw.tab === "review") out.tab = "review";
  if (includes(REQUEST_TYPES, raw.type)) out.type = raw.type;
  if (includes(REQUEST_STATUSES, raw.state)) out.state = raw.state;
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1 && page <= 100_000) out.page = page;
  return out;
}

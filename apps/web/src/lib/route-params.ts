/**
 * A positive integer id (PostgreSQL `integer`) from a path segment, or null: `/comics/abc` shows
 * "not found" instead of calling the API with a bad id.
 */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** Recognizing database errors by their PostgreSQL code (PGlite and node-postgres alike). */

/** A unique constraint refused the row (SQLSTATE 23505), also when wrapped as an error's `cause`. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

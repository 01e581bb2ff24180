/** True when a write failed on a unique constraint (PostgreSQL's 23505 or SQLite's message). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return Boolean(e && (e.code === '23505' || /UNIQUE constraint failed/.test(e.message ?? '')));
}

/** Whether a write failed on a unique index (another row holds the value). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // better-sqlite3 and pg respectively.
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/**
 * The column(s) a unique-constraint violation is about, or undefined when the error is something else.
 * Lets a create or rename that lost a race with another request answer 422 naming the field, like the
 * check made before the insert. Reads both metastores' errors: better-sqlite3's
 * `UNIQUE constraint failed: users.username` and PostgreSQL's 23505 with `Key (username)=(…)`.
 */
export function uniqueViolationColumns(error: unknown): string[] | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, detail } = error as { code?: unknown; message?: unknown; detail?: unknown };
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string') {
    const columns = message.replace(/^UNIQUE constraint failed: /, '').split(', ');
    return columns.map((column) => column.slice(column.indexOf('.') + 1));
  }
  if (code === '23505') {
    const match = typeof detail === 'string' ? /^Key \((.+?)\)=/.exec(detail) : null;
    return match ? match[1]!.split(', ') : [];
  }
  return undefined;
}

/**
 * Whether an error (or a cause it wraps, as Drizzle does) is a unique violation (SQLSTATE 23505)
 * of the named constraint. Works for node-postgres and PGlite errors alike.
 */
export function isUniqueViolationOf(err: unknown, constraint: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const x = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (
      x.code === '23505' &&
      (x.constraint === constraint || (typeof x.message === 'string' && x.message.includes(constraint)))
    )
      return true;
  }
  return false;
}

/**
 * Whether an error (or its cause, as Drizzle wraps driver errors) is a unique violation, optionally
 * of one named constraint. Works for node-postgres and PGlite errors alike.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const x = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (x.code === '23505') {
      if (!constraint) return true;
      if (x.constraint === constraint) return true;
      if (typeof x.message === 'string' && x.message.includes(constraint)) return true;
    }
  }
  return false;
}

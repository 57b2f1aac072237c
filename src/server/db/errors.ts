/** True when `err` (or its cause, where drizzle puts the driver error) is a unique violation. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}

/** The SQLSTATE of a database error (on `err` or a cause, where drizzle puts the driver error). */
export function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    depth++;
  }
  return undefined;
}

/**
 * Class 22 (data exception): PostgreSQL refused a value — out of range, malformed, an unknown
 * time zone. Such a value came from the request, so it is the caller's to fix (a 400).
 */
export function isDataError(err: unknown): boolean {
  return sqlState(err)?.startsWith('22') ?? false;
}

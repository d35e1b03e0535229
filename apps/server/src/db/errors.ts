/** The SQLSTATE of a PostgreSQL error, also when drizzle wraps it (DrizzleQueryError's cause). */
export function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Class 22, "data exception": a value PostgreSQL will not store — NUL in text (22P05), a number
 * out of range (22003), bad encoding (22021). The statement's data is at fault, not the database.
 */
export function isDataException(error: unknown): boolean {
  return sqlState(error)?.startsWith('22') ?? false;
}

/** 23505: a unique index refused the row — someone else's concurrent write got there first. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

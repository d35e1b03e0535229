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

/** Node's socket errors when PostgreSQL cannot be reached or drops the connection. */
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * The database is unreachable or going away, not the statement at fault: connection exceptions
 * (class 08), shutdown and termination (57P01–57P03), too many connections (53300), a database
 * not accepting connections (55000 from PostgreSQL's start-up check), a socket error, or pg's
 * own "Connection terminated" messages.
 */
export function isConnectionError(error: unknown): boolean {
  const state = sqlState(error);
  if (state && (state.startsWith('08') || /^57P0[123]$/.test(state) || state === '53300')) return true;
  if (state === '55000') return /not currently accepting connections/i.test(String((error as Error).message));
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && SOCKET_ERRORS.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message)
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

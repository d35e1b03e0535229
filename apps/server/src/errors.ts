/**
 * Domain errors with stable codes. Services throw these; the one error handler in
 * `http/error-handler.ts` turns them into `{detail, code}` bodies.
 */
export const errorCodes = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  INVALID_CREDENTIALS: 400,
  INVALID_TOKEN: 400,
  /** A mailed link past its lifetime (the web offers to send a new one). */
  LINK_EXPIRED: 400,
  /** A mailed link opened a second time. */
  LINK_USED: 400,
  EMAIL_TAKEN: 400,
  NOT_AUTHENTICATED: 401,
  FORBIDDEN: 403,
  DEMO_READ_ONLY: 403,
  /** Refused by the plan (spec §5 limits); the web shows the text with an Upgrade Plan button. */
  PLAN_LIMIT: 403,
  PROTECTED_MONITOR: 403,
  /** The wallet does not cover a debit (a plan purchase); nothing was taken. */
  INSUFFICIENT_BALANCE: 402,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** The hosting console refused a credit transfer; `detail` is the console's ('organization': link first). */
  CONSOLE_REFUSED: 400,
  /** The hosting console refused our API key: not the caller's session, so the web must not sign out. */
  CONSOLE_NOT_AUTHENTICATED: 401,
  /** A password-protected status page not unlocked by this visitor: not the caller's session either. */
  STATUS_PAGE_LOCKED: 401,
  INTERNAL: 500,
  /** An outside service (payment gateway, hosting console) failed or answered outside its protocol. */
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    /** Per-field messages, sent beside `detail` as `{field: [message]}`. */
    readonly fields: Record<string, string[]> = {},
    /** Extra response headers, such as Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'AppError';
    this.statusCode = errorCodes[code];
  }
}

export const notAuthenticated = () =>
  new AppError('NOT_AUTHENTICATED', 'Authentication credentials were not provided or are no longer valid.');
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new AppError('FORBIDDEN', detail);
export const notFound = (detail = 'Not found.') => new AppError('NOT_FOUND', detail);

/** A validation error that names its field, like the schema errors do. */
export function invalidField(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `${field}: ${message}`, { [field]: [message] });
}

import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config';

/**
 * The one definition of what the server's log may hold, for the HTTP app and the runtime alike.
 * Secrets travel in query strings (the web signs in with `?auth=<session key>`, links carry
 * `?token=`, Zarinpal's callback an `Authority`) and in query parameters of failed SQL (a
 * monitor's saved header values): neither is written.
 */

/**
 * Query parameters whose values are written as sent: paging, metric windows, protocol
 * versions. Every other value is replaced, so a parameter added later is redacted until it is
 * known to be harmless (an allow-list, because a deny-list misses the next secret's name).
 */
const READABLE_QUERY_PARAMETERS = new Set([
  'limit',
  'offset',
  'day',
  'months',
  'cache',
  'from_time',
  'to_time',
  'version',
  'wait',
  'goal',
  'plan_name',
  'period',
  'Status',
]);

const REDACTED = '[redacted]';

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/** The URL with every query value but the harmless ones replaced; the names stay, to tell requests apart. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      return READABLE_QUERY_PARAMETERS.has(decodedName(name)) ? pair : `${name}=${REDACTED}`;
    });
  return `${url.slice(0, start)}?${pairs.join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with the query values redacted. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Only the call frames of a stack: its first lines repeat the message, which may hold values. */
const callFrames = (stack: string | undefined) => (stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));

/**
 * PostgreSQL's side of a failed query, by SQLSTATE and names: its message and detail may quote
 * a value (`invalid input syntax for type integer: "…"`, `Key (email)=(…) already exists`).
 */
function databaseFailure(cause: unknown): unknown {
  const fields = cause as { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown };
  if (typeof fields?.code !== 'string') return cause;
  const failure = new Error(`PostgreSQL refused the query (SQLSTATE ${fields.code})`);
  failure.name = 'DatabaseError';
  failure.stack = `${failure.name}: ${failure.message}`;
  return Object.assign(failure, {
    code: fields.code,
    ...(fields.constraint ? { constraint: fields.constraint } : {}),
    ...(fields.table ? { table: fields.table } : {}),
    ...(fields.column ? { column: fields.column } : {}),
  });
}

/** The error with every failed query in its cause chain reduced to its SQL text (placeholders, no values). */
function withoutQueryValues(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 10) return error;
  if (error instanceof DrizzleQueryError) {
    const safe = new Error(`Failed query: ${error.query}`);
    safe.name = 'DrizzleQueryError';
    safe.stack = [`${safe.name}: ${safe.message}`, ...callFrames(error.stack)].join('\n');
    return Object.assign(safe, { query: error.query, cause: databaseFailure(error.cause) });
  }
  const cause = withoutQueryValues(error.cause, depth + 1);
  if (cause === error.cause) return error;
  const copy = Object.assign(Object.create(Object.getPrototypeOf(error)), error) as Error;
  return Object.assign(copy, { message: error.message, stack: error.stack, cause });
}

/** With the cause as its own object, so PostgreSQL's SQLSTATE is a field of the line. */
function serializeError(error: unknown) {
  return pino.stdSerializers.errWithCause(withoutQueryValues(error) as Error);
}

/** Level, redaction and serializers of every logger the server makes. */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    // Credentials never reach the log, whatever a handler or job logs.
    redact: ['req.headers.authorization', 'password', '*.password', 'token', '*.token'],
    serializers: { req: serializeRequest, err: serializeError },
  };
}

export type LogFormat = NonNullable<Config['LOG_FORMAT']>;

/** LOG_FORMAT when set; otherwise lines for a person at a terminal and JSON for whatever collects them. */
export function logFormat(configured: Config['LOG_FORMAT'], stdoutIsTerminal: boolean): LogFormat {
  return configured ?? (stdoutIsTerminal ? 'pretty' : 'json');
}

/**
 * The server's logger: stdout unless a destination is given, as tests do to read it. Pretty lines
 * are formatted from the JSON line pino has already redacted, in this process and synchronously,
 * so the last lines before process.exit() are not lost.
 */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT'>,
  destination?: DestinationStream,
): Logger {
  const format = logFormat(config.LOG_FORMAT, destination ? false : process.stdout.isTTY === true);
  if (format === 'pretty') return pino(loggerOptions(config), pretty({ destination: destination ?? 1, sync: true }));
  return destination ? pino(loggerOptions(config), destination) : pino(loggerOptions(config));
}

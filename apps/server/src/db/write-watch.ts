import type pg from 'pg';

/** Statements whose success may have committed a write to a table the change triggers watch. */
const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COMMIT', 'MERGE']);
/** A SELECT may write too, through a data-modifying WITH. */
const WRITING_SELECT = /\b(insert|update|delete)\b/i;

type Result = { command?: string } | Array<{ command?: string }> | undefined;

function isWrite(result: Result, text: string): boolean {
  for (const one of Array.isArray(result) ? result : [result]) {
    const command = one?.command ?? '';
    if (WRITE_COMMANDS.has(command)) return true;
    if (command === 'SELECT' && WRITING_SELECT.test(text)) return true;
  }
  return false;
}

/**
 * Calls `onWrite` after every statement of this pool's connections that may have committed a write
 * (outside a transaction the statement itself, inside one its COMMIT; an early call is harmless),
 * before the caller sees its result. See change-feed.ts for why.
 */
export function watchWrites(pool: pg.Pool, onWrite: () => void): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : (first?.text ?? '');
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        args[args.length - 1] = (error: Error | null, result: Result) => {
          if (!error && isWrite(result, text)) onWrite();
          (last as (error: Error | null, result: Result) => void)(error, result);
        };
        return query(...args);
      }
      const returned = query(...args);
      if (returned && typeof (returned as Promise<Result>).then === 'function') {
        return (returned as Promise<Result>).then((result) => {
          if (isWrite(result, text)) onWrite();
          return result;
        });
      }
      return returned;
    };
  });
}

import type { Logger } from 'pino';
import { isConnectionError } from './db/errors';

/**
 * pg-boss 10 completes and fails jobs without awaiting the result (manager.js `onFetch`), so
 * while PostgreSQL is down each finished job leaves a rejected promise nobody handles, and
 * Node's default ends the process — the outage the server is built to ride out. Such a
 * rejection (the database unreachable) is logged and survived: the job stays active until
 * pg-boss expires and retries it, and every job of ours is safe to run again. Any other
 * unhandled rejection is a bug and still ends the process, as Node would.
 */
export function surviveDatabaseOutages(logger: Logger): void {
  process.on('unhandledRejection', (reason) => {
    if (isConnectionError(reason)) {
      logger.warn({ err: reason }, 'database unreachable in a background task; going on');
      return;
    }
    logger.fatal({ err: reason }, 'unhandled promise rejection');
    process.exit(1);
  });
}

import type { Logger } from 'pino';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { isConnectionError } from './db/errors';
import { createLogger } from './logging';
import { surviveDatabaseOutages } from './process-guards';
import { type Runtime, startRuntime } from './runtime';

const START_ATTEMPTS = 5;

/**
 * PostgreSQL lost during start-up (killed while migrations run; the embedded one is started again
 * by its supervisor) fails the step under way: start again, from the database on, a few times,
 * rather than exit (issue 37). Anything else still ends the start.
 */
async function startRuntimeOutlivingOutages(config: Config, logger: Logger): Promise<Runtime> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startRuntime(config, { logger, runBuiltinProber: true });
    } catch (error) {
      if (attempt >= START_ATTEMPTS || !isConnectionError(error)) throw error;
      logger.warn({ err: error, attempt }, 'the database went away during start-up; starting again');
      await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
    }
  }
}

/** Start-up: config → database → migrations → jobs → listen (the demo history seeds behind it). Shutdown in the reverse order. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  surviveDatabaseOutages(logger);
  const runtime = await startRuntimeOutlivingOutages(config, logger);
  const app = await buildApp({ context: runtime.context, logger });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing requests');
    const forceExit = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      runtime.abandon();
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    forceExit.unref();
    // Keep-alive sockets whose last request finishes during shutdown would hold close() until
    // their idle timeout: close each as soon as it goes idle.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
      clearInterval(closeIdle);
      logger.info('http server closed');
      await runtime.stop();
      logger.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  // SIGHUP too: a closed terminal would otherwise end us at once, leaving the embedded
  // PostgreSQL (in a process group of its own) running.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));

  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (error) {
    // A taken port must not leave the embedded PostgreSQL running behind us.
    await runtime.stop().catch(() => runtime.abandon());
    throw error;
  }
  logger.info(`${config.PRODUCT_NAME} is up at ${config.PUBLIC_URL}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

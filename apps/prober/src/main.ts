import { ConfigError, loadConfig, USAGE, wantsHelp } from './config';
import { createLogger } from './logger';
import { startProber } from './prober';

/** The CLI: config → prober → run until SIGTERM/SIGINT or the server refuses the key. */

const argv = process.argv.slice(2);
if (wantsHelp(argv)) {
  console.log(USAGE);
  process.exit(0);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(argv, process.env);
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`${err.message}\n\n${USAGE}`);
  process.exit(2);
}

const logger = createLogger(config.logLevel);
let exitCode = 0;
let stopping = false;

const prober = await startProber(config, {
  logger,
  onFatal: () => {
    exitCode = 1;
    void shutdown('the server refused this prober');
  },
}).catch((err: Error) => {
  logger.fatal({ error: err.message }, 'cannot start');
  process.exit(1);
});

async function shutdown(reason: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ reason }, 'stopping: finishing running checks and saving buffered results');
  try {
    await prober.stop();
  } catch (err) {
    logger.error({ error: (err as Error).message }, 'stopping failed');
    exitCode ||= 1;
  }
  process.exit(exitCode);
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    // A second signal: the results written so far are on disk already; do not wait for checks.
    if (stopping) {
      logger.warn({ signal }, 'stopping now');
      process.exit(130);
    }
    void shutdown(signal);
  });
}

import type { Logger } from 'pino';
import type { ServiceContext } from '../../context';
import { readWatermark } from './demo.repository';
import { advanceDemoData, seedDemoData } from './demo.service';

const ADVANCE_QUEUE = 'demo.advance';

/** The start-up's demo seed, running behind a server that already answers. */
export interface DemoSeeding {
  /** Settles when the seed is done, found done, failed or stopped (each logged): never rejects. */
  settled: Promise<void>;
  /** Stops a seed under way (rolled back whole) and waits for it to let go of its connection. */
  stop(): Promise<void>;
}

/**
 * Seeds the demo account's history in the background (once per database: the server listens
 * meanwhile) and keeps it current: every minute, one worker somewhere appends the checks since
 * the last run, or seeds the history a failed or stopped start-up left unwritten.
 */
export async function registerDemoData(context: ServiceContext, logger: Logger): Promise<DemoSeeding | undefined> {
  if (!context.config.DEMO_DATA_ENABLED) return undefined;
  await context.jobs.work(ADVANCE_QUEUE, async () => {
    if (await readWatermark(context.db)) await advanceDemoData(context);
    else await seedDemoData(context);
  });
  await context.jobs.schedule(ADVANCE_QUEUE, '* * * * *');
  return startDemoSeed(context, logger);
}

function startDemoSeed(context: ServiceContext, logger: Logger): DemoSeeding {
  const abort = new AbortController();
  const settled = seedDemoData(context, { signal: abort.signal }).then(
    (outcome) => {
      if (outcome.seeded) logger.info({ ms: outcome.ms }, 'demo account seeded with 90 days of history');
    },
    (error: unknown) => {
      if (abort.signal.aborted)
        logger.info('demo seed stopped by the shutdown: none of it kept, the next start seeds it');
      else logger.error({ err: error }, 'demo seed failed: none of it kept, the minute job tries again');
    },
  );
  return {
    settled,
    async stop() {
      abort.abort();
      await settled;
    },
  };
}

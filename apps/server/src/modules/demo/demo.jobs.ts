import type { Logger } from 'pino';
import type { ServiceContext } from '../../context';
import { advanceDemoData, seedDemoData } from './demo.service';

const ADVANCE_QUEUE = 'demo.advance';

/**
 * Seeds the demo account's history at start (once per database) and keeps it current: every
 * minute, one worker somewhere appends the checks since the last run.
 */
export async function registerDemoData(context: ServiceContext, logger: Logger): Promise<void> {
  if (!context.config.DEMO_DATA_ENABLED) return;
  const outcome = await seedDemoData(context);
  if (outcome.seeded) logger.info({ ms: outcome.ms }, 'demo account seeded with 90 days of history');
  await context.jobs.work(ADVANCE_QUEUE, async () => {
    await advanceDemoData(context);
  });
  await context.jobs.schedule(ADVANCE_QUEUE, '* * * * *');
}

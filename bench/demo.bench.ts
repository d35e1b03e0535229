import { advanceDemoData, seedDemoData } from '../apps/server/src/modules/demo/demo.service';
import type { Runtime } from '../apps/server/src/runtime';
import type { Figure } from './support/figures';

/**
 * `demo`: how long the demo account's 90 days of history take to write at start (issue 15, the
 * tour), on a database without them, and one minute's append by the `demo.advance` job.
 */
export async function demoBenchmark(runtime: Runtime): Promise<Figure[]> {
  const seed = await seedDemoData(runtime.context);
  if (!seed.seeded) throw new Error('the demo was already seeded: the figure needs a database without it');
  const realNow = runtime.context.now;
  runtime.context.now = () => new Date(Date.now() + 60_000);
  const started = performance.now();
  const appended = await advanceDemoData(runtime.context);
  const advanceMs = performance.now() - started;
  runtime.context.now = realNow;
  if (!appended) throw new Error('the minute append wrote nothing');
  return [
    {
      name: 'demo seed (90 days)',
      value: seed.ms,
      unit: 'ms',
      target: '≤ 10,000 ms',
      met: seed.ms <= 10_000,
      note: '6 monitors × 3 probers: ~40k hourly rollups, 2 days of raw records, downtimes, events, history',
    },
    {
      name: 'demo append (1 minute)',
      value: Math.round(advanceMs),
      unit: 'ms',
      target: '≤ 1,000 ms',
      met: advanceMs <= 1_000,
    },
  ];
}

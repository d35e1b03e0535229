import type { JobQueue } from './job-queue';

/**
 * A job that runs on a cron schedule (pg-boss fires it once per cluster) and once right away, so
 * work left while no server ran is done at start, not at the next tick. One run at a time in this
 * process; a run that throws is not retried — the next tick runs it again anyway.
 */
export async function registerPeriodicJob(
  jobs: JobQueue,
  queue: string,
  cron: string,
  run: () => Promise<unknown>,
): Promise<void> {
  await jobs.work(
    queue,
    async () => {
      await run();
    },
    { concurrency: 1 },
  );
  await jobs.schedule(queue, cron);
  await jobs.send(queue, {}, { retryLimit: 0 });
}

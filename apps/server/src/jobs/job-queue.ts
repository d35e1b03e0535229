import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Transaction } from '../db/transaction';

export interface JobOptions {
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Deduplicates: a second job with the same key while the first waits is dropped. */
  singletonKey?: string;
}

/** The durable job queue (pg-boss on our PostgreSQL). Services only send; modules register workers. */
export interface JobQueue {
  /** Enqueue; with `transaction` the job exists only if that transaction commits. */
  send(name: string, data: object, options?: JobOptions, transaction?: Transaction): Promise<void>;
  work<T>(name: string, handler: (data: T) => Promise<void>): Promise<void>;
  schedule(name: string, cron: string): Promise<void>;
  stop(): Promise<void>;
}

const DEFAULT_RETRY_LIMIT = 5;
const DEFAULT_RETRY_DELAY_SECONDS = 10;

export async function startJobQueue(options: {
  databaseUrl: string;
  logger: Logger;
  /** Workers and maintenance run only where jobs are enabled; sending works everywhere. */
  runWorkers: boolean;
}): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: 'pgboss',
    max: 4,
    supervise: options.runWorkers,
    schedule: options.runWorkers,
  });
  boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  await boss.start();
  const knownQueues = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (knownQueues.has(name)) return;
    await boss.createQueue(name);
    knownQueues.add(name);
  };

  return {
    async send(name, data, jobOptions = {}, transaction) {
      await ensureQueue(name);
      await boss.send(name, data, {
        retryLimit: jobOptions.retryLimit ?? DEFAULT_RETRY_LIMIT,
        retryDelay: jobOptions.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
        retryBackoff: true,
        ...(jobOptions.singletonKey ? { singletonKey: jobOptions.singletonKey } : {}),
        ...(transaction ? { db: { executeSql: transaction.executeSql as PgBoss.Db['executeSql'] } } : {}),
      });
    },
    async work(name, handler) {
      if (!options.runWorkers) return;
      await ensureQueue(name);
      await boss.work<object>(name, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) {
          await handler(job.data as never);
        }
      });
    },
    async schedule(name, cron) {
      if (!options.runWorkers) return;
      await ensureQueue(name);
      await boss.schedule(name, cron, {});
    },
    async stop() {
      // Graceful: running handlers finish (up to the timeout) before the connections close.
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
    },
  };
}

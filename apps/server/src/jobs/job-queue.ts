import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Transaction } from '../db/transaction';

export interface JobOptions {
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Deduplicates: a second job with the same key while the first waits is dropped. */
  singletonKey?: string;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
}

/** The durable job queue (pg-boss on our PostgreSQL). Services only send; modules register workers. */
export interface JobQueue {
  /** Enqueue; with `transaction` the job exists only if that transaction commits. */
  send(name: string, data: object, options?: JobOptions, transaction?: Transaction): Promise<void>;
  /** Runs `handler` for each job, `concurrency` at a time in this process; a throw retries that job. */
  work<T>(name: string, handler: (data: T) => Promise<void>, options?: { concurrency?: number }): Promise<void>;
  schedule(name: string, cron: string): Promise<void>;
  stop(): Promise<void>;
}

const DEFAULT_RETRY_LIMIT = 5;
const DEFAULT_RETRY_DELAY_SECONDS = 10;
const DEFAULT_CONCURRENCY = 4;
/** pg-boss's minimum: a job waits at most half a second for a free worker to notice it. */
const POLLING_INTERVAL_SECONDS = 0.5;

/**
 * pg-boss's create_queue inserts the queue's row, then creates and attaches its partition: replicas
 * creating queues at the same moment (a first start of several) deadlock, and PostgreSQL aborts one.
 * So a queue is created under a session advisory lock held on a connection of our own, one at a
 * time across replicas; ending the connection releases it. Only a queue that is missing costs this.
 */
async function createQueueOneAtATime(boss: PgBoss, databaseUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'paydar:pgboss-create-queue' });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', ['paydar:pgboss-create-queue']);
    await boss.createQueue(name);
  } finally {
    await client.end().catch(() => undefined);
  }
}

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
    if (!(await boss.getQueue(name))) await createQueueOneAtATime(boss, options.databaseUrl, name);
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
        ...(jobOptions.startAfterSeconds ? { startAfter: jobOptions.startAfterSeconds } : {}),
        ...(transaction ? { db: { executeSql: transaction.executeSql as PgBoss.Db['executeSql'] } } : {}),
      });
    },
    async work(name, handler, workOptions = {}) {
      if (!options.runWorkers) return;
      await ensureQueue(name);
      // One job per fetch, so a failure retries only its own job; several pollers give concurrency.
      for (let index = 0; index < (workOptions.concurrency ?? DEFAULT_CONCURRENCY); index += 1) {
        await boss.work<object>(
          name,
          { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, batchSize: 1 },
          async ([job]) => {
            if (job) await handler(job.data as never);
          },
        );
      }
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

import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { IDLE_CONNECTION_MS } from '../db/client';
import type { Transaction } from '../db/transaction';
import { JOB_WAKEUP_CHANNEL, type JobWakeups, startJobWakeups, wakeupPayload } from './job-wakeups';

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
  /**
   * Enqueue many jobs of one queue in one statement (the subscriber drain's hundreds of mails), with
   * one wake-up; with `transaction` they exist only if it commits. No `singletonKey` here.
   */
  sendMany(
    name: string,
    items: object[],
    options?: Omit<JobOptions, 'singletonKey'>,
    transaction?: Transaction,
  ): Promise<void>;
  /** Runs `handler` for each job, `concurrency` at a time in this process; a throw retries that job. */
  work<T>(name: string, handler: (data: T) => Promise<void>, options?: { concurrency?: number }): Promise<void>;
  schedule(name: string, cron: string): Promise<void>;
  /** Jobs per queue that wait (created or waiting to retry) and that run now: for the operators' /metrics. */
  depths(): Promise<QueueDepth[]>;
  stop(): Promise<void>;
}

export interface QueueDepth {
  queue: string;
  waiting: number;
  active: number;
}

const DEFAULT_RETRY_LIMIT = 5;
const DEFAULT_RETRY_DELAY_SECONDS = 10;
const DEFAULT_CONCURRENCY = 4;
/**
 * Workers are woken by NOTIFY when a job is sent (job-wakeups.ts), so polling is only the safety
 * net for a lost notification: at pg-boss's half-second minimum, ~30 idle workers cost ~60
 * transactions a second, most of an idle server's CPU (issue 13). Jobs that pg-boss's cron inserts
 * itself announce nothing, so a scheduled run starts up to this much late: our schedules are
 * periodic clean-ups and sweeps, for which a minute does not matter.
 */
const SAFETY_POLL_SECONDS = 60;
/** A queue's further workers poll this many times less often than its first. */
const IDLE_HELPER_POLL_FACTOR = 10;
/** pg-boss's scheduler looks for due cron jobs this often; ours run every few minutes at most. */
const CRON_WORKER_INTERVAL_SECONDS = 30;

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

/** The latest a failed job can be retried: pg-boss's back-off is the delay × 2^retries, up to double. */
function retryDelayBoundMs(job: PgBoss.JobWithMetadata): number {
  const base = job.retryDelay * 1000;
  // A second more: the timer starts before pg-boss writes the retry time.
  return (job.retryBackoff ? base * 2 ** Math.min(16, job.retryCount + 1) : base) + 1000;
}

export async function startJobQueue(options: {
  databaseUrl: string;
  logger: Logger;
  /** Workers and maintenance run only where jobs are enabled; sending works everywhere. */
  runWorkers: boolean;
  /** How often an idle worker looks for jobs nobody announced (tests lengthen it). */
  safetyPollSeconds?: number;
}): Promise<JobQueue> {
  // pg-boss hands its options to its own pg.Pool, which takes the idle time too (its types omit it).
  const bossOptions: PgBoss.ConstructorOptions & pg.PoolConfig = {
    connectionString: options.databaseUrl,
    schema: 'pgboss',
    max: 4,
    // As long as our pool keeps one (db/client.ts): no reconnection every few idle seconds.
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    supervise: options.runWorkers,
    schedule: options.runWorkers,
    cronWorkerIntervalSeconds: CRON_WORKER_INTERVAL_SECONDS,
  };
  const boss = new PgBoss(bossOptions);
  boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  await boss.start();
  const wakeups: JobWakeups | undefined = options.runWorkers
    ? await startJobWakeups(options.databaseUrl, options.logger)
    : undefined;
  const knownQueues = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (knownQueues.has(name)) return;
    if (!(await boss.getQueue(name))) await createQueueOneAtATime(boss, options.databaseUrl, name);
    knownQueues.add(name);
  };

  return {
    async send(name, data, jobOptions = {}, transaction) {
      await ensureQueue(name);
      const db = transaction ? { executeSql: transaction.executeSql as PgBoss.Db['executeSql'] } : boss.getDb();
      await boss.send(name, data, {
        retryLimit: jobOptions.retryLimit ?? DEFAULT_RETRY_LIMIT,
        retryDelay: jobOptions.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
        retryBackoff: true,
        ...(jobOptions.singletonKey ? { singletonKey: jobOptions.singletonKey } : {}),
        ...(jobOptions.startAfterSeconds ? { startAfter: jobOptions.startAfterSeconds } : {}),
        db,
      });
      // In the sender's transaction when there is one: PostgreSQL delivers it only on commit.
      const payload = wakeupPayload(name, (jobOptions.startAfterSeconds ?? 0) * 1000);
      await db.executeSql('SELECT pg_notify($1, $2)', [JOB_WAKEUP_CHANNEL, payload]);
    },
    async sendMany(name, items, jobOptions = {}, transaction) {
      if (!items.length) return;
      await ensureQueue(name);
      const db = transaction ? { executeSql: transaction.executeSql as PgBoss.Db['executeSql'] } : boss.getDb();
      const startAfter = jobOptions.startAfterSeconds
        ? new Date(Date.now() + jobOptions.startAfterSeconds * 1000).toISOString()
        : undefined;
      await boss.insert(
        items.map((data) => ({
          name,
          data,
          retryLimit: jobOptions.retryLimit ?? DEFAULT_RETRY_LIMIT,
          retryDelay: jobOptions.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
          retryBackoff: true,
          ...(startAfter ? { startAfter } : {}),
        })),
        { db },
      );
      const payload = wakeupPayload(name, (jobOptions.startAfterSeconds ?? 0) * 1000);
      await db.executeSql('SELECT pg_notify($1, $2)', [JOB_WAKEUP_CHANNEL, payload]);
    },
    async work(name, handler, workOptions = {}) {
      if (!options.runWorkers) return;
      await ensureQueue(name);
      // One job per fetch, so a failure retries only its own job; several workers give concurrency.
      const workerIds: string[] = [];
      const wakeAll = () => {
        for (const id of workerIds) boss.notifyWorker(id);
      };
      const safetyPollSeconds = options.safetyPollSeconds ?? SAFETY_POLL_SECONDS;
      for (let index = 0; index < (workOptions.concurrency ?? DEFAULT_CONCURRENCY); index += 1) {
        const id = await boss.work<object>(
          name,
          {
            // One worker per queue is the safety net; the others only lend a hand once woken.
            pollingIntervalSeconds: index === 0 ? safetyPollSeconds : safetyPollSeconds * IDLE_HELPER_POLL_FACTOR,
            batchSize: 1,
            includeMetadata: true,
          },
          async ([job]) => {
            if (!job) return;
            // Where there was one job there may be more: all look again at once, not a poll later.
            wakeAll();
            try {
              await handler(job.data as never);
            } catch (error) {
              if (job.retryCount < job.retryLimit) wakeups?.wakeLater(name, retryDelayBoundMs(job));
              throw error;
            }
          },
        );
        workerIds.push(id);
      }
      wakeups?.register(name, wakeAll);
    },
    async schedule(name, cron) {
      if (!options.runWorkers) return;
      await ensureQueue(name);
      await boss.schedule(name, cron, {});
    },
    async depths() {
      // One statement for every queue (pg-boss's getQueueSize asks one queue at a time), each queue
      // listed even when empty so its series stays at 0; a job that waits or runs is in state
      // created, retry or active — completed ones stay until archived.
      const result = (await boss.getDb().executeSql(
        `SELECT q.name, count(j.id) FILTER (WHERE j.state IN ('created', 'retry'))::int AS waiting,
           count(j.id) FILTER (WHERE j.state = 'active')::int AS active
         FROM pgboss.queue q
         LEFT JOIN pgboss.job j ON j.name = q.name AND j.state IN ('created', 'retry', 'active')
         GROUP BY q.name ORDER BY q.name`,
        [],
      )) as { rows: Array<{ name: string; waiting: number; active: number }> };
      return result.rows.map((row) => ({ queue: row.name, waiting: row.waiting, active: row.active }));
    },
    async stop() {
      // Graceful: running handlers finish (up to the timeout) before the connections close.
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
      await wakeups?.stop();
    },
  };
}

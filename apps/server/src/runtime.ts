import type { Logger } from 'pino';
import { applyCacheLimits } from './caches/bounded-cache';
import type { Config } from './config';
import type { ServiceContext } from './context';
import { startChangeFeed } from './db/change-feed';
import { connectDatabase, type DatabaseHandle } from './db/client';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';
import { transactionRunner } from './db/transaction';
import { type JobQueue, startJobQueue } from './jobs/job-queue';
import { createLogger } from './logging';
import { registerAccountJobs } from './modules/accounts/accounts.jobs';
import { createSessionCache } from './modules/accounts/session-cache';
import { startAssignmentNotifier } from './modules/agent/assignment-notifier';
import { registerAlertChannelWorkers } from './modules/alert-channels/alert-channels.jobs';
import { startTelegramBot } from './modules/alert-channels/telegram-bot';
import { createAlertClients } from './modules/alert-clients/alert-clients';
import { registerAlertRuleWorkers } from './modules/alert-rules/alert-rules.jobs';
import { registerAlertWorkers } from './modules/alerts/alerts.jobs';
import { registerConsoleCreditJobs } from './modules/console-credit/console-credit.jobs';
import { registerDemoData } from './modules/demo/demo.jobs';
import { registerLatenessSweep } from './modules/heartbeats/lateness-sweep';
import { registerConfirmationSweep } from './modules/ingest/confirmation-sweep';
import { registerProbeRecordMaintenance } from './modules/ingest/retention';
import { registerMailWorker } from './modules/mail/mail.jobs';
import { createMailTransport } from './modules/mail/mail.transport';
import { registerMaintenanceJobs } from './modules/maintenance/maintenance.jobs';
import { startBuiltinProber } from './modules/probers/builtin-prober';
import { type BuiltinProberLeadership, leadBuiltinProber } from './modules/probers/builtin-prober-leader';
import { ensureBuiltinProber } from './modules/probers/probers.service';
import { registerRateLimitCleanup } from './modules/rate-limit/rate-limit.jobs';
import { createRateLimiter } from './modules/rate-limit/rate-limiter';
import { registerSubscriberNoticeJobs } from './modules/status-page-subscribers/status-page-subscribers.jobs';
import { registerSubscriptionJobs } from './modules/subscriptions/subscriptions.jobs';
import { registerZarinpalJobs } from './modules/zarinpal/zarinpal.jobs';
import { seedDatabase } from './seed';

/** Everything a running server holds besides HTTP: database, jobs, workers. Used by main.ts and the admin CLI. */
export interface Runtime {
  context: ServiceContext;
  database: DatabaseHandle;
  jobs: JobQueue;
  logger: Logger;
  /** Stops jobs, closes the pool, then stops the embedded PostgreSQL: in that order. */
  stop(): Promise<void>;
  /** The race for the built-in prober when this runtime may run it (one replica at a time does). */
  builtinProber: BuiltinProberLeadership | undefined;
  /**
   * Settles when the start-up's demo seed, which runs behind a listening server, is done or given
   * up (logged either way); at once when the demo is off. Tests that read the demo wait for it.
   */
  demoSeeded: Promise<void>;
  /** Last resort when stop() hangs: signals the embedded PostgreSQL so it does not outlive us. */
  abandon(): void;
}

export async function startRuntime(
  config: Config,
  options: {
    logger?: Logger;
    runWorkers?: boolean;
    shareEmbedded?: boolean;
    runBuiltinProber?: boolean;
    /** Poll Telegram for the bot's updates when a bot token is set and workers run (default true). */
    runTelegramBot?: boolean;
  } = {},
): Promise<Runtime> {
  const logger = options.logger ?? createLogger(config);
  // Before any cache is made: each takes its bound when it is made.
  applyCacheLimits(config.CACHE_LIMITS);
  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.EMBEDDED_POSTGRES_PORT,
      logger,
      shareRunning: options.shareEmbedded ?? false,
    });
    databaseUrl = embedded.url;
  }
  const database = connectDatabase(databaseUrl);
  try {
    await runMigrations(database.pool);
    const runWorkers = options.runWorkers ?? config.JOBS_ENABLED;
    const jobs = await startJobQueue({ databaseUrl, logger, runWorkers });
    const mailTransport = createMailTransport({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
    const changes = await startChangeFeed({ databaseUrl, pool: database.pool, logger });
    database.onWrite(() => changes.wrote());
    const context: ServiceContext = {
      config,
      db: database.db,
      runInTransaction: transactionRunner(database.pool),
      jobs,
      rateLimiter: createRateLimiter(database.db, { enabled: config.RATE_LIMITS_ENABLED }),
      now: () => new Date(),
      assignmentNotifier: await startAssignmentNotifier(databaseUrl, logger),
      alertClients: createAlertClients(config, mailTransport),
      changes,
      // Through context.now, which tests replace to move the clock.
      sessions: createSessionCache(changes, () => context.now()),
    };
    await seedDatabase(context);
    let builtinProber: BuiltinProberLeadership | undefined;
    if (config.BUILTIN_PROBER_ENABLED) {
      const prober = await ensureBuiltinProber(context, {
        name: config.BUILTIN_PROBER_NAME,
        countryCode: config.BUILTIN_PROBER_COUNTRY.toUpperCase(),
        datacenter: config.BUILTIN_PROBER_DATACENTER,
      });
      if (options.runBuiltinProber)
        builtinProber = leadBuiltinProber(context, prober.id, logger, () =>
          startBuiltinProber(context, prober.id, logger),
        );
    }
    await registerMailWorker(jobs, mailTransport);
    await registerAccountJobs(context);
    await registerAlertWorkers(context);
    await registerAlertRuleWorkers(context);
    await registerAlertChannelWorkers(context);
    // One poller across replicas (an advisory lock decides), only where workers run.
    const telegramBot =
      config.TELEGRAM_BOT_TOKEN && runWorkers && (options.runTelegramBot ?? true)
        ? startTelegramBot(context, logger)
        : undefined;
    // Bale's bot: the same loop with Bale's client, bot and chats.
    const baleBot =
      config.BALE_BOT_TOKEN && runWorkers && (options.runTelegramBot ?? true)
        ? startTelegramBot(context, logger, { messenger: 'bale' })
        : undefined;
    await registerRateLimitCleanup(context);
    await registerProbeRecordMaintenance(context);
    const confirmationSweep = await registerConfirmationSweep(context, logger);
    const latenessSweep = await registerLatenessSweep(context, logger);
    await registerSubscriptionJobs(context);
    await registerZarinpalJobs(context);
    await registerConsoleCreditJobs(context);
    await registerMaintenanceJobs(context);
    const stopSubscriberNotices = await registerSubscriberNoticeJobs(context, logger, runWorkers);
    const demoSeeding = await registerDemoData(context, logger);
    return {
      context,
      database,
      jobs,
      logger,
      builtinProber,
      demoSeeded: demoSeeding?.settled ?? Promise.resolve(),
      async stop() {
        // A seed under way stops at its next day and is rolled back whole (the next start writes it).
        await demoSeeding?.stop();
        // The prober first: its last results are stored while the database is still there.
        await builtinProber?.stop();
        await telegramBot?.stop();
        await baleBot?.stop();
        confirmationSweep.stop();
        latenessSweep.stop();
        await stopSubscriberNotices();
        await jobs.stop();
        await context.assignmentNotifier.stop();
        context.sessions.close();
        await changes.stop();
        logger.info('jobs stopped');
        await database.close();
        await embedded?.stop();
      },
      abandon() {
        embedded?.signalStop();
      },
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    await embedded?.stop();
    throw error;
  }
}

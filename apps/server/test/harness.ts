import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { ServiceContext } from '../src/context';
import { startRuntime } from '../src/runtime';
import { createTestDatabase } from './database';
import { SmtpInbox } from './fakes/smtp-inbox';
import { type CheckedAnswers, checkAnswersAgainstDocument } from './openapi-answers';

export interface TestServer {
  app: FastifyInstance;
  context: ServiceContext;
  config: Config;
  inbox: SmtpInbox;
  /**
   * The clock the services see: real time moved by `offsetMs`; while `stoppedAt` (epoch ms) is
   * set, it stands at that instant (plus the offset), so no wait of the server's runs out however
   * slowly a loaded machine runs the test.
   */
  clock: { offsetMs: number; stoppedAt: number | null };
  databaseUrl: string;
  /** The answers the app gave, checked against its OpenAPI document (close() fails on a wrong one). */
  answers: CheckedAnswers;
  close(): Promise<void>;
}

/**
 * A second replica of `server`: its own runtime, app, caches, LISTEN and job workers, on the same
 * database, mailing to the same inbox. Close it first.
 */
export const startReplica = (server: TestServer) => startTestServer({}, { replicaOf: server });

/**
 * The whole server on a fresh database: real PostgreSQL, real pg-boss workers, mail to a
 * real SMTP inbox. Only the clock can be moved (or stopped).
 */
export async function startTestServer(
  environment: Record<string, string> = {},
  /** The Telegram bot's poller is off unless asked for: its tests start their own with short timings. */
  options: {
    runBuiltinProber?: boolean;
    runTelegramBot?: boolean;
    /** Another server's database and inbox, shared (a second replica) rather than fresh ones; left for their owner to end. */
    replicaOf?: TestServer;
  } = {},
): Promise<TestServer> {
  const shared = options.replicaOf;
  const database = shared ? { url: shared.databaseUrl, drop: async () => undefined } : await createTestDatabase();
  // The built-in prober keeps its buffer under DATA_DIR: each test server gets its own.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'paydar-test-data-'));
  // A replica's job workers may send a mail the other replica's request queued: one inbox for both.
  const inbox = shared?.inbox ?? new SmtpInbox();
  const smtpUrl = shared ? (shared.config.SMTP_URL as string) : await inbox.start();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    SMTP_URL: smtpUrl,
    DASHBOARD_URL: 'http://dashboard.test',
    PUBLIC_URL: 'http://api.test',
    WEB_DIST_DIR: 'off',
    DATA_DIR: dataDir,
    ...environment,
  });
  const logger = pino({ level: 'silent' });
  const runtime = await startRuntime(config, {
    logger,
    runBuiltinProber: options.runBuiltinProber ?? false,
    runTelegramBot: options.runTelegramBot ?? false,
  });
  // The demo's history is written behind a listening server; the tests that read it expect it whole.
  await runtime.demoSeeded;
  const clock: TestServer['clock'] = { offsetMs: 0, stoppedAt: null };
  runtime.context.now = () => new Date((clock.stoppedAt ?? Date.now()) + clock.offsetMs);
  const app = await buildApp({ context: runtime.context, logger });
  const answers = checkAnswersAgainstDocument(app);
  await app.ready();
  return {
    app,
    context: runtime.context,
    databaseUrl: database.url,
    config,
    inbox,
    clock,
    answers,
    async close() {
      await app.close();
      await runtime.stop();
      if (!shared) await inbox.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
      // Every answer the file's tests got, checked against the OpenAPI document: fails the file that saw a wrong one.
      await answers.finish();
    },
  };
}

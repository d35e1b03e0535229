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

export interface TestServer {
  app: FastifyInstance;
  context: ServiceContext;
  config: Config;
  inbox: SmtpInbox;
  /** Moves the clock the services see; real time otherwise. */
  clock: { offsetMs: number };
  databaseUrl: string;
  close(): Promise<void>;
}

/** A second replica of `server`: its own runtime, app, caches and LISTEN, on the same database. Close it first. */
export const startReplica = (server: TestServer) => startTestServer({}, { databaseUrl: server.databaseUrl });

/**
 * The whole server on a fresh database: real PostgreSQL, real pg-boss workers, mail to a
 * real SMTP inbox. Only the clock can be moved.
 */
export async function startTestServer(
  environment: Record<string, string> = {},
  /** The Telegram bot's poller is off unless asked for: its tests start their own with short timings. */
  options: {
    runBuiltinProber?: boolean;
    runTelegramBot?: boolean;
    /** Another server's database, shared (a second replica) rather than a fresh one; left for its owner to drop. */
    databaseUrl?: string;
  } = {},
): Promise<TestServer> {
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => undefined }
    : await createTestDatabase();
  // The built-in prober keeps its buffer under DATA_DIR: each test server gets its own.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'paydar-test-data-'));
  const inbox = new SmtpInbox();
  const smtpUrl = await inbox.start();
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
  const clock = { offsetMs: 0 };
  runtime.context.now = () => new Date(Date.now() + clock.offsetMs);
  const app = await buildApp({ context: runtime.context, logger });
  await app.ready();
  return {
    app,
    context: runtime.context,
    databaseUrl: database.url,
    config,
    inbox,
    clock,
    async close() {
      await app.close();
      await runtime.stop();
      await inbox.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

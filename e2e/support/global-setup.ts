import fs from 'node:fs';
import fs_promises from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../../apps/server/test/scratch-database';
import { CHROMIUM_PATH } from './chromium';
import { waitForDemoHistory } from './demo-seeded';
import { startMailInbox } from './mail-inbox';
import { startOutsideFakes } from './outside-fakes';
import { repositoryRoot, startServerProcess } from './server-process';

const CHROMIUM = CHROMIUM_PATH;

/**
 * One real server for the whole run: its own database (on TEST_DATABASE_URL's server, or an
 * embedded PostgreSQL in a temporary DATA_DIR), mail to a real SMTP inbox, the built web app.
 */
export default async function globalSetup() {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: apt-get install chromium (browser tests are required)`);
  // E2E_WEB_DIST_DIR lets several runs side by side each test their own build.
  const webDistDir = process.env.E2E_WEB_DIST_DIR ?? 'apps/web/dist';
  if (!fs.existsSync(path.resolve(repositoryRoot, webDistDir, 'index.html'))) {
    throw new Error(`the web app is not built in ${webDistDir}: run \`npm run build\` first (npm run test:e2e does)`);
  }
  const inbox = await startMailInbox();
  const fakes = await startOutsideFakes();
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  const database = serverUrl ? await createScratchDatabase(serverUrl, 'paydar_e2e') : undefined;
  // The embedded PostgreSQL (without TEST_DATABASE_URL) and the built-in prober's buffer live here.
  const dataDir = await fs_promises.mkdtemp(path.join(os.tmpdir(), 'paydar-e2e-'));
  const port = process.env.E2E_PORT ?? '3900';
  const baseUrl = `http://127.0.0.1:${port}`;
  const environment: Record<string, string> = {
    PORT: port,
    HOST: '127.0.0.1',
    SMTP_URL: inbox.smtpUrl,
    PUBLIC_URL: baseUrl,
    DASHBOARD_URL: baseUrl,
    WEB_DIST_DIR: webDistDir,
    LOG_LEVEL: 'warn',
    // One browser signs up and logs in many times from one address.
    RATE_LIMITS_ENABLED: 'false',
    // Monitors in the specs check targets the specs start on loopback.
    ALLOW_PRIVATE_TARGETS: 'true',
    // SMS, Telegram, webhooks, payments and the browser's analytics beacons go to loopback fakes
    // the specs read (outside-fakes.ts).
    ...fakes.serverEnvironment,
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url } : { EMBEDDED_POSTGRES_PORT: '54390' }),
  };
  const server = await startServerProcess(environment);
  await waitForDemoHistory(baseUrl).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_INBOX_URL = inbox.httpUrl;
  process.env.E2E_FAKES_URL = fakes.httpUrl;
  process.env.E2E_WEBHOOK_URL = fakes.webhookUrl;
  process.env.E2E_CHAT_WEBHOOKS_URL = fakes.chatWebhooksUrl;
  process.env.E2E_ANALYTICS_URL = fakes.analyticsUrl;
  process.env.E2E_SERVER_ENV = JSON.stringify(environment);

  return async () => {
    await server.stop();
    await inbox.stop();
    await fakes.stop();
    await database?.drop();
    await fs_promises.rm(dataDir, { recursive: true, force: true });
  };
}

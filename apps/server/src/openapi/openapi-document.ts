import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { ServiceContext } from '../context';
import { detachedChangeFeed } from '../db/change-feed';
import { connectDatabase } from '../db/client';
import { createSessionCache } from '../modules/accounts/session-cache';
import { serverRoot } from '../server-root';

/** Where the committed OpenAPI document lives; CI checks it matches the routes. */
export const openApiFile = path.join(serverRoot, 'openapi.json');

/**
 * Builds the app without touching a database (the pool never connects) and returns its
 * OpenAPI document as stable, pretty JSON.
 */
export async function generateOpenApiDocument(): Promise<string> {
  const config = loadConfig({ WEB_DIST_DIR: 'off', DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused' });
  const database = connectDatabase(config.DATABASE_URL ?? '');
  const unused = () => {
    throw new Error('not available while generating the OpenAPI document');
  };
  const changes = detachedChangeFeed();
  const context: ServiceContext = {
    config,
    db: database.db,
    runInTransaction: unused,
    jobs: {
      send: unused,
      sendMany: unused,
      work: unused,
      schedule: unused,
      depths: unused,
      stop: async () => undefined,
    },
    rateLimiter: { consume: unused, refund: unused, attemptWithBackoff: unused, forgive: unused },
    now: () => new Date(0),
    assignmentNotifier: { wait: unused, stop: async () => undefined },
    alertClients: {
      mail: { deliver: unused },
      kavenegar: undefined,
      telegram: undefined,
      bale: undefined,
      webhooks: { deliverWebhook: unused },
      chatWebhooks: { post: unused },
    },
    changes,
    sessions: createSessionCache(changes, () => new Date(0)),
  };
  const app = await buildApp({ context, logger: pino({ level: 'silent' }) });
  await app.ready();
  const document = app.swagger();
  await app.close();
  await database.close();
  return `${JSON.stringify(document, null, 2)}\n`;
}

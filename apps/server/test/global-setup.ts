import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { testEnvironment } from './config';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresServerUrl: string;
  }
}

/** Uses TEST_DATABASE_URL when set; otherwise one embedded PostgreSQL for the whole run. */
export default async function setup(project: TestProject) {
  if (testEnvironment.databaseUrl) {
    project.provide('postgresServerUrl', testEnvironment.databaseUrl);
    return;
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-test-pg-'));
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    logger: pino({ level: 'warn' }),
  });
  project.provide('postgresServerUrl', embedded.url);
  return async () => {
    await embedded.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}

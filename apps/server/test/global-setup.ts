import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { testEnvironment } from './config';
import { freePort } from './free-port';
import { serverDataRoot } from './server-data-dir';
import { createTemplateDatabase } from './template-database';
import { failOnLeftoverTestProcesses, testRunId } from './test-processes';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresServerUrl: string;
    /** The migrated database each test file copies (template-database.ts). */
    testDatabaseTemplate: string;
    /** Tags every process the run's tests start (test/test-processes.ts). */
    testRunId: string;
  }
}

/**
 * Uses TEST_DATABASE_URL when set; otherwise one embedded PostgreSQL for the whole run. Either way
 * the run migrates one template database, dropped at the end. At the end, any process a test
 * started (server, embedded PostgreSQL, npm) that is still running is killed and fails the run.
 */
export default async function setup(project: TestProject) {
  const runId = testRunId();
  project.provide('testRunId', runId);
  let serverUrl = testEnvironment.databaseUrl;
  let stopServer = async () => undefined;
  if (!serverUrl) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-test-pg-'));
    const embedded = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      logger: pino({ level: 'warn' }),
    });
    serverUrl = embedded.url;
    stopServer = async () => {
      await embedded.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    };
  }
  const template = await createTemplateDatabase(serverUrl).catch(async (error: unknown) => {
    await stopServer();
    throw error;
  });
  project.provide('postgresServerUrl', serverUrl);
  project.provide('testDatabaseTemplate', template.name);
  return async () => {
    try {
      failOnLeftoverTestProcesses(`${runId}/`);
    } catch (error) {
      // Vitest reports an error thrown here but still exits 0: the run must fail.
      console.error(String(error instanceof Error ? error.message : error));
      process.exitCode = 1;
    } finally {
      await fs.rm(serverDataRoot(), { recursive: true, force: true });
      await template.drop();
      await stopServer();
    }
  };
}

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded';

/** A fresh database for one benchmark run: on TEST_DATABASE_URL's server, or an embedded one. */
export async function benchDatabase(serverUrl: string | undefined): Promise<{ url: string; drop(): Promise<void> }> {
  let stopEmbedded: () => Promise<void> = async () => {};
  let server = serverUrl;
  if (!server) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-bench-'));
    const embedded = await startEmbeddedPostgres({ dataDir, port: 54_480, logger: pino({ level: 'warn' }) });
    server = embedded.url;
    stopEmbedded = async () => {
      await embedded.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    };
  }
  const name = `paydar_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
      await stopEmbedded();
    },
  };
}

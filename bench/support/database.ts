import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded';
import { createScratchDatabase } from '../../apps/server/test/scratch-database';

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
  const database = await createScratchDatabase(server, 'paydar_bench');
  return {
    url: database.url,
    async drop() {
      await database.drop();
      await stopEmbedded();
    },
  };
}

import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProber } from '../../../../prober/src/prober';
import { createTestDatabase } from '../../../test/database';
import { freePort } from '../../../test/free-port';
import { startServerProcess } from '../../../test/server-process';
import { generateSecret, hashSecret } from '../accounts/secrets';

/**
 * The real server process and the real standalone agent: the server is stopped while the agent
 * keeps checking, then started again; every result the agent produced is stored exactly once.
 */
let database: { url: string; drop(): Promise<void> };
let target: http.Server;
let dataDir: string;
let port: string;
const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  database = await createTestDatabase();
  target = http.createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-agent-'));
  // Chosen once: the restarted server must answer where the agent already sends.
  port = String(await freePort());
});
afterAll(async () => {
  await new Promise((resolve) => target.close(resolve));
  await fs.rm(dataDir, { recursive: true, force: true });
  await database.drop();
});

const serverEnvironment = () => ({
  PORT: port,
  DATABASE_URL: database.url,
  BUILTIN_PROBER_ENABLED: 'false',
  ALLOW_PRIVATE_TARGETS: 'true',
  LOG_LEVEL: 'warn',
});

describe('an agent across a server restart', () => {
  it('keeps checking while the server is away and delivers every result once', async () => {
    let server = await startServerProcess(serverEnvironment());
    const key = generateSecret();
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
    const { rows } = await db.query<{ monitor_id: number }>(
      `WITH u AS (INSERT INTO users (email, password_hash, is_verified) VALUES ('agent@example.test', 'x', true) RETURNING id),
            p AS (INSERT INTO probers (name, country_code, datacenter, key_hash) VALUES ('Remote', 'DE', 'x', $1) RETURNING id),
            m AS (INSERT INTO monitors (user_id, protocol_type, url, period_seconds, apdex_ms, token)
                  SELECT id, 'HTTP', $2, 5, 500, 'agent-restart-token' FROM u RETURNING id)
       INSERT INTO monitor_probers (monitor_id, prober_id) SELECT m.id, p.id FROM m, p RETURNING monitor_id`,
      [hashSecret(key), targetUrl],
    );
    const monitorId = rows[0]?.monitor_id;
    const prober = await startProber(
      { serverUrl: server.url, key, dataDir, maxBuffer: 100_000, allowPrivateTargets: true, logLevel: 'error' },
      {
        logger: quiet,
        agent: { batchIntervalMs: 200, assignmentsWaitSeconds: 2, backoff: { initialMs: 200, maxMs: 1_000 } },
      },
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      server = await startServerProcess(serverEnvironment());
      await new Promise((resolve) => setTimeout(resolve, 8_000));
    } finally {
      await prober.stop();
    }
    const stats = prober.stats();
    server.child.kill('SIGTERM');
    await server.exited;

    const stored = await db.query<{ time: Date }>(
      'SELECT time FROM probe_records WHERE monitor_id = $1 ORDER BY time',
      [monitorId],
    );
    await db.end();
    const times = stored.rows.map((row) => new Date(row.time).getTime());
    expect(stats.produced).toBeGreaterThanOrEqual(5);
    expect(stats.buffered).toBe(0);
    expect(times.length).toBe(stats.produced);
    // One result per 5 s slot with no hole, the server's absence included.
    for (let index = 1; index < times.length; index += 1)
      expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBe(5_000);
  });
});

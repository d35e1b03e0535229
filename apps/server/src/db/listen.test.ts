import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { waitUntil } from '../../test/database-recovery';
import { type Listener, listen } from './listen';

let database: { url: string; drop(): Promise<void> };
let admin: pg.Client;
beforeAll(async () => {
  database = await createTestDatabase();
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
  await database.drop();
});

const terminateListener = () =>
  admin.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
     WHERE datname = current_database() AND application_name = 'paydar:listen:test_channel'`,
  );

describe('a LISTEN connection', () => {
  it('comes back after its backend is terminated, says so, and hears NOTIFY again', async () => {
    const payloads: string[] = [];
    let listening = 0;
    const listener: Listener = await listen({
      databaseUrl: database.url,
      channel: 'test_channel',
      onNotification: (payload) => payloads.push(payload),
      onListening: () => {
        listening += 1;
      },
      logger: pino({ level: 'silent' }),
    });
    try {
      await admin.query(`SELECT pg_notify('test_channel', 'before')`);
      await waitUntil('the first NOTIFY arrives', async () => payloads.includes('before'), 5_000);
      expect(listening).toBe(0);

      expect((await terminateListener()).rowCount).toBe(1);
      await waitUntil('listening again', async () => listening === 1, 10_000);
      await admin.query(`SELECT pg_notify('test_channel', 'after')`);
      await waitUntil('a NOTIFY after the reconnect arrives', async () => payloads.includes('after'), 5_000);
      await admin.query(`SELECT pg_notify('other_channel', 'not ours')`);
    } finally {
      await listener.stop();
    }
    // Stopped: its connection is closed, nothing reconnects.
    expect((await terminateListener()).rowCount).toBe(0);
    expect(payloads).toEqual(['before', 'after']);
  });
});

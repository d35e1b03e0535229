import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { connectDatabase, type DatabaseHandle, IDLE_CONNECTION_MS } from './client';

let database: { url: string; drop(): Promise<void> };
let handle: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  handle = connectDatabase(database.url, { max: 2 });
});
afterAll(async () => {
  await handle.close();
  await database.drop();
});

describe('the database pool', () => {
  it('keeps an idle connection for a minute, not pg’s ten seconds, so an idle server does not reconnect every few seconds', async () => {
    expect(IDLE_CONNECTION_MS).toBe(60_000);
    expect((handle.pool as unknown as { options: { idleTimeoutMillis: number } }).options.idleTimeoutMillis).toBe(
      IDLE_CONNECTION_MS,
    );
    await handle.pool.query('SELECT 1');
    expect(handle.pool.idleCount).toBe(1);
  });
});

import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { type JobQueue, startJobQueue } from './job-queue';

let database: { url: string; drop(): Promise<void> };
let queues: JobQueue[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  const start = () => startJobQueue({ databaseUrl: database.url, logger: pino({ level: 'silent' }), runWorkers: true });
  queues = [await start(), await start()];
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await database.drop();
});

describe('the job queue of two replicas', () => {
  it('creates the same new queues from both at once (pg-boss can deadlock there) and runs each job once', async () => {
    const names = Array.from({ length: 8 }, (_, index) => `replicas-${index}`);
    const ran: string[] = [];
    await Promise.all(
      queues.flatMap((queue) =>
        names.map((name) =>
          queue.work<{ name: string }>(name, async (data) => {
            ran.push(data.name);
          }),
        ),
      ),
    );
    await Promise.all(names.map((name, index) => queues[index % 2]?.send(name, { name })));
    await expect.poll(() => ran.length, { timeout: 10_000 }).toBe(names.length);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(ran.sort()).toEqual([...names].sort());
  });
});

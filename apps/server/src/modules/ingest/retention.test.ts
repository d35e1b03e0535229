import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/use-test-server';
import { dropPartition, ensurePartitions, listPartitionDays } from './probe-records.repository';
import { maintainProbeRecords, retentionDays } from './retention';

const server = useTestServer();

describe('probe record retention', () => {
  it('keeps the longest plan history plus today', async () => {
    expect(await retentionDays(server.context)).toBe(731);
  });

  it('makes the coming days and drops whole partitions past the retention', async () => {
    const now = server.context.now();
    const today = now.toISOString().slice(0, 10);
    const ancient = new Date(now.getTime() - 800 * 86_400_000).toISOString().slice(0, 10);
    const recent = new Date(now.getTime() - 100 * 86_400_000).toISOString().slice(0, 10);
    await ensurePartitions(server.context.db, [ancient, recent]);
    const { dropped } = await maintainProbeRecords(server.context);
    expect(dropped).toEqual([ancient]);
    const days = await listPartitionDays(server.context.db);
    expect(days).toContain(recent);
    expect(days).toContain(today);
    expect(days).toContain(new Date(now.getTime() + 2 * 86_400_000).toISOString().slice(0, 10));
    expect(days).not.toContain(ancient);
  });

  it('makes and drops a partition from several connections at once, as replicas starting together do', async () => {
    const days = Array.from({ length: 5 }, (_, index) =>
      new Date(Date.UTC(2031, 0, 1 + index)).toISOString().slice(0, 10),
    );
    // Each call on its own pool connection; the module's memory of made days is no help across replicas.
    await Promise.all(
      days.flatMap((day) => Array.from({ length: 4 }, () => ensurePartitions(server.context.db, [day]))),
    );
    expect(await listPartitionDays(server.context.db)).toEqual(expect.arrayContaining(days));
    await Promise.all(days.flatMap((day) => Array.from({ length: 4 }, () => dropPartition(server.context.db, day))));
    const left = await listPartitionDays(server.context.db);
    for (const day of days) expect(left).not.toContain(day);
  });
});

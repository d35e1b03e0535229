import type { CheckResult } from '@paydar/contracts/agent';
import { describe, expect, it, vi } from 'vitest';
import { Backoff } from './backoff';
import { DropLog, MemoryResultBuffer } from './buffer';
import type { AgentLogger } from './logger';

const result = (n: number): CheckResult => ({
  monitor_id: 1,
  time: new Date(n * 1000).toISOString(),
  success: true,
  status_code: 200,
  error: null,
  phases: { resolve: null, connect: 1, tls: null, response: 1, duration: 2 },
  extra_info: {},
});
const spyLogger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }) satisfies AgentLogger;

describe('MemoryResultBuffer', () => {
  it('peeks oldest first and removes only what was acked', async () => {
    const buffer = new MemoryResultBuffer();
    for (let i = 1; i <= 5; i++) buffer.append(result(i));
    const batch = await buffer.peek(3);
    expect(batch.map((e) => e.result.time)).toEqual([1, 2, 3].map((i) => result(i).time));
    expect(buffer.size()).toBe(5);
    await buffer.ack(batch.at(-1)?.seq ?? 0);
    expect(buffer.size()).toBe(2);
    expect((await buffer.peek(10)).map((e) => e.result.time)).toEqual([4, 5].map((i) => result(i).time));
  });

  it('drops the oldest past its bound, counts and logs it, and an ack in flight removes no unsent result', async () => {
    const logger = spyLogger();
    const buffer = new MemoryResultBuffer({ maxResults: 3, logger });
    for (let i = 1; i <= 3; i++) buffer.append(result(i));
    const inFlight = await buffer.peek(2); // results 1 and 2 are being sent…
    for (let i = 4; i <= 6; i++) buffer.append(result(i)); // …while 1, 2, 3 are pushed out
    expect(buffer.dropped()).toBe(3);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ dropped: 1 }),
      expect.stringContaining('dropped'),
    );
    await buffer.ack(inFlight.at(-1)?.seq ?? 0);
    expect((await buffer.peek(10)).map((e) => e.result.time)).toEqual([4, 5, 6].map((i) => result(i).time));
  });

  it('stays correct across many appends and acks (compaction)', async () => {
    const buffer = new MemoryResultBuffer({ maxResults: 10_000 });
    let next = 1;
    let expected = 1;
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 100; i++) buffer.append(result(next++));
      const batch = await buffer.peek(80);
      expect(batch[0]?.result.time).toBe(result(expected).time);
      expected += batch.length;
      await buffer.ack(batch.at(-1)?.seq ?? 0);
    }
    expect(buffer.size()).toBe(next - expected);
  });
});

describe('DropLog', () => {
  it('logs the first drop at once and then at most once per interval, with the totals', () => {
    const logger = spyLogger();
    let now = 0;
    const log = new DropLog(logger, 10_000, () => now);
    log.note(1, 'full');
    log.note(5, 'full');
    now = 10_000;
    log.note(2, 'full');
    expect(logger.warn).toHaveBeenCalledTimes(2);
    expect(logger.warn).toHaveBeenLastCalledWith({ dropped: 7, dropped_total: 8, reason: 'full' }, expect.any(String));
    expect(log.count).toBe(8);
  });
});

describe('Backoff', () => {
  it('doubles up to the cap, jittered between half and all of the ceiling, and resets', () => {
    const high = new Backoff({ initialMs: 100, maxMs: 1000, random: () => 0.999999 });
    expect(Array.from({ length: 6 }, () => high.next())).toEqual([100, 200, 400, 800, 1000, 1000]);
    const low = new Backoff({ initialMs: 100, maxMs: 1000, random: () => 0 });
    expect(Array.from({ length: 5 }, () => low.next())).toEqual([50, 100, 200, 400, 500]);
    low.reset();
    expect(low.failures).toBe(0);
    expect(low.next()).toBe(50);
  });
});

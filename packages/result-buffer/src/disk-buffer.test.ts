import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentLogger } from '@paydar/checks/agent/logger';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DiskBufferOptions, DiskResultBuffer } from './disk-buffer';
import { resultAt } from './test-support/results';

let dir: string;
const open: DiskResultBuffer[] = [];
const spyLogger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }) satisfies AgentLogger;

async function openBuffer(options: Partial<DiskBufferOptions> = {}) {
  const buffer = await DiskResultBuffer.open({ dir, ...options });
  open.push(buffer);
  return buffer;
}
const times = (entries: Array<{ result: { time: string } }>) => entries.map((e) => e.result.time);
const expectedTimes = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => resultAt(from + i).time);
const segmentFiles = async () => (await readdir(dir)).filter((name) => name.endsWith('.jsonl')).sort();

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'paydar-disk-buffer-'));
});
afterEach(async () => {
  for (const buffer of open.splice(0)) await buffer.close();
  await rm(dir, { recursive: true, force: true });
});

describe('DiskResultBuffer', () => {
  it('appends JSON lines, peeks oldest first, and deletes a segment once every result in it is acked', async () => {
    const buffer = await openBuffer({ segmentMaxResults: 4 });
    for (let i = 1; i <= 10; i++) buffer.append(resultAt(i));
    expect(await segmentFiles()).toEqual([
      '00000000000000000001.jsonl',
      '00000000000000000005.jsonl',
      '00000000000000000009.jsonl',
    ]);
    const firstLine = (await readFile(join(dir, '00000000000000000001.jsonl'), 'utf8')).split('\n')[0] ?? '';
    expect(JSON.parse(firstLine)).toEqual({ seq: 1, result: resultAt(1) });

    const batch = await buffer.peek(6);
    expect(times(batch)).toEqual(expectedTimes(1, 6));
    await buffer.ack(batch.at(-1)?.seq ?? 0);
    expect(buffer.size()).toBe(4);
    await vi.waitFor(async () =>
      expect(await segmentFiles()).toEqual(['00000000000000000005.jsonl', '00000000000000000009.jsonl']),
    );
    expect(times(await buffer.peek(100))).toEqual(expectedTimes(7, 10));
  });

  it('keeps results and acks across a restart, and goes on numbering after them', async () => {
    const first = await openBuffer({ segmentMaxResults: 4 });
    for (let i = 1; i <= 10; i++) first.append(resultAt(i));
    await first.ack((await first.peek(3)).at(-1)?.seq ?? 0);
    await first.close();

    const second = await openBuffer({ segmentMaxResults: 4 });
    expect(second.size()).toBe(7);
    expect(times(await second.peek(100))).toEqual(expectedTimes(4, 10));
    second.append(resultAt(11));
    const all = await second.peek(100);
    expect(all.map((e) => e.seq)).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
    await second.ack(11);
    await second.close();

    const third = await openBuffer();
    expect(third.size()).toBe(0);
    expect(await third.peek(10)).toEqual([]);
  });

  it('drops the oldest past its bound, counts and logs it, and remembers the count across a restart', async () => {
    const logger = spyLogger();
    const buffer = await openBuffer({ maxResults: 10, segmentMaxResults: 3, logger });
    for (let i = 1; i <= 5; i++) buffer.append(resultAt(i));
    const inFlight = await buffer.peek(5); // being sent while the bound pushes them out
    for (let i = 6; i <= 25; i++) buffer.append(resultAt(i));
    expect(buffer.size()).toBe(10);
    expect(buffer.dropped()).toBe(15);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ dropped: 1, reason: 'the buffer holds at most 10 results' }),
      'dropped 1 result(s): the buffer holds at most 10 results',
    );
    await buffer.ack(inFlight.at(-1)?.seq ?? 0);
    expect(times(await buffer.peek(100))).toEqual(expectedTimes(16, 25));
    // Segments wholly dropped are gone from the disk: the bound holds there too.
    await vi.waitFor(async () => expect(await segmentFiles()).toHaveLength(4));
    await buffer.close();

    const reopened = await openBuffer({ maxResults: 10 });
    expect(reopened.dropped()).toBe(15);
    expect(times(await reopened.peek(100))).toEqual(expectedTimes(16, 25));
  });

  it('reads results back from the files when they are no longer in memory', async () => {
    const buffer = await openBuffer({ segmentMaxResults: 7, memoryResults: 5 });
    for (let i = 1; i <= 40; i++) buffer.append(resultAt(i));
    const seen: string[] = [];
    for (let batch = await buffer.peek(6); batch.length; batch = await buffer.peek(6)) {
      seen.push(...times(batch));
      await buffer.ack(batch.at(-1)?.seq ?? 0);
    }
    expect(seen).toEqual(expectedTimes(1, 40));
    expect(buffer.size()).toBe(0);
  });

  it('skips a torn last line left by a crash and keeps everything before it', async () => {
    const first = await openBuffer({ segmentMaxResults: 100 });
    for (let i = 1; i <= 5; i++) first.append(resultAt(i));
    await first.close();
    const [segment] = await segmentFiles();
    await appendFile(join(dir, segment ?? ''), '{"seq":6,"result":{"monitor_id":1,"ti');

    const logger = spyLogger();
    const reopened = await openBuffer({ logger });
    expect(logger.warn).toHaveBeenCalledWith({ segment }, expect.stringContaining('torn last line'));
    expect(reopened.size()).toBe(5);
    reopened.append(resultAt(7));
    const all = await reopened.peek(100);
    expect(times(all)).toEqual([...expectedTimes(1, 5), resultAt(7).time]);
    expect(all.at(-1)?.seq).toBe(6);
  });

  it('keeps every result written before the process was killed (SIGKILL, no close)', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', new URL('./test-support/crash-writer.ts', import.meta.url).pathname, dir, '300'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('appended 300')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`crash-writer exited with ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const reopened = await openBuffer();
    expect(reopened.size()).toBe(300);
    const all = await reopened.peek(1000);
    expect(all.map((e) => e.seq)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(times(all)).toEqual(expectedTimes(1, 300));
  });
});

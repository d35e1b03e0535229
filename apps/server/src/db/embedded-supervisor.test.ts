import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../test/database-recovery';
import { supervisePostgres } from './embedded-supervisor';

/** A stand-in postmaster: exits when signalled (SIGINT: asked to stop) or when `crash()` is called. */
class FakePostmaster extends EventEmitter {
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  readonly signals: string[] = [];
  kill(signal: NodeJS.Signals): boolean {
    this.signals.push(signal);
    setImmediate(() => this.exit(0, null));
    return true;
  }
  crash(): void {
    this.exit(null, 'SIGKILL');
  }
  private exit(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.exitCode !== null || this.signalCode !== null) return;
    this.exitCode = code;
    this.signalCode = signal;
    this.emit('exit', code, signal);
  }
}
const asChild = (fake: FakePostmaster) => fake as unknown as ChildProcess;
const logger = pino({ level: 'silent' });
const backoff = { initialMs: 10, maxMs: 20 };

describe('the embedded PostgreSQL supervisor', () => {
  it('starts a postmaster that died again, retrying while starting fails', async () => {
    const first = new FakePostmaster();
    const started: FakePostmaster[] = [];
    let failures = 2;
    const supervisor = supervisePostgres({
      running: asChild(first),
      start: async () => {
        if (failures-- > 0) throw new Error('pre-existing shared memory block is still in use');
        const next = new FakePostmaster();
        started.push(next);
        return asChild(next);
      },
      logger,
      backoff,
    });
    first.crash();
    await waitUntil('a new postmaster', async () => started.length === 1, 5_000);
    started[0]?.crash();
    await waitUntil('another one', async () => started.length === 2, 5_000);

    await supervisor.stop();
    expect(started[1]?.signals).toEqual(['SIGINT']);
    expect(started).toHaveLength(2);
  });

  it('restarts nothing once stopped, and stops what a restart in progress brings up', async () => {
    const first = new FakePostmaster();
    let release: () => void = () => undefined;
    const late = new FakePostmaster();
    const supervisor = supervisePostgres({
      running: asChild(first),
      start: () =>
        new Promise<ChildProcess>((resolve) => {
          release = () => resolve(asChild(late));
        }),
      logger,
      backoff,
    });
    first.crash();
    const stopped = supervisor.stop();
    release();
    await stopped;
    expect(late.signals).toEqual(['SIGINT']);

    const calm = new FakePostmaster();
    let starts = 0;
    const second = supervisePostgres({
      running: asChild(calm),
      start: async () => {
        starts += 1;
        return asChild(new FakePostmaster());
      },
      logger,
      backoff,
    });
    await second.stop();
    expect(calm.signals).toEqual(['SIGINT']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(starts).toBe(0);
  });
});

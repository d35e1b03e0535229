import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/** The suite's last step (leftover-processes.sh) and the busy loops (busy-loop.sh), as real processes. */
const leftover = path.join(import.meta.dirname, 'leftover-processes.sh');
const busyLoop = path.join(import.meta.dirname, 'busy-loop.sh');
const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone: what the test expected.
    }
  }
});

function running(pid: number): boolean {
  const stat = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return stat !== '' && !stat.startsWith('Z');
}

function start(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, { detached: true, stdio: 'ignore', env: { ...process.env, ...env } });
  started.push(child);
  return child;
}

describe('leftover-processes.sh', () => {
  it('names a process the run left, kills it with its group, and fails; then passes', async () => {
    const run = `leftover-test-${process.pid}`;
    const child = start('sleep', ['300'], { PAYDAR_TEST_PROCESS: `${run}/one` });
    await expect.poll(() => running(child.pid as number), { timeout: 10_000 }).toBe(true);
    const first = spawnSync('bash', [leftover, run], { encoding: 'utf8' });
    expect(first.status).toBe(1);
    expect(first.stderr).toContain(`pid ${child.pid} (group ${child.pid}): sleep 300`);
    await expect.poll(() => running(child.pid as number), { timeout: 10_000 }).toBe(false);
    expect(spawnSync('bash', [leftover, run], { encoding: 'utf8' }).status).toBe(0);
  });

  it('leaves alone processes of another run', async () => {
    const child = start('sleep', ['300'], { PAYDAR_TEST_PROCESS: `other-run-${process.pid}/one` });
    await expect.poll(() => running(child.pid as number), { timeout: 10_000 }).toBe(true);
    expect(spawnSync('bash', [leftover, `leftover-test-${process.pid}`], { encoding: 'utf8' }).status).toBe(0);
    expect(running(child.pid as number)).toBe(true);
  });
});

describe('busy-loop.sh', () => {
  it('runs a loop per BUSY_LOOPS and ends them when the process it watches ends, even by SIGKILL', async () => {
    const watched = start('sleep', ['300']);
    const loops = start('bash', [busyLoop], { BUSY_LOOPS: '2', BUSY_PARENT: String(watched.pid) });
    const children = () =>
      spawnSync('ps', ['-o', 'pid=', '--ppid', String(loops.pid)], { encoding: 'utf8' })
        .stdout.split('\n')
        .map((line) => Number(line.trim()))
        .filter((pid) => pid > 0 && running(pid));
    await expect.poll(() => children().length, { timeout: 10_000 }).toBe(2);
    const loopPids = children();
    process.kill(watched.pid as number, 'SIGKILL');
    await expect.poll(() => loopPids.filter(running), { timeout: 20_000 }).toEqual([]);
    await expect.poll(() => running(loops.pid as number), { timeout: 20_000 }).toBe(false);
  });

  it('refuses a BUSY_LOOPS that is not a positive whole number, naming it', () => {
    const result = spawnSync('bash', [busyLoop], { env: { ...process.env, BUSY_LOOPS: 'two' }, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("BUSY_LOOPS must be a positive whole number, got 'two'");
  });
});

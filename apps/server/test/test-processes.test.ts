import { describe, expect, it } from 'vitest';
import { stillRunning } from './process-tree';
import {
  endTestProcess,
  failOnLeftoverTestProcesses,
  spawnTestProcess,
  TEST_RUN_VARIABLE,
  taggedProcesses,
} from './test-processes';

/**
 * A stand-in for a server and its embedded PostgreSQL: a shell in its own group with a child, and
 * a grandchild that leaves for a session and group of its own (`setsid`, as the PostgreSQL is
 * spawned `detached`). The shell prints the pids once all three run.
 */
function startFamily() {
  const child = spawnTestProcess('/bin/sh', ['-c', 'sleep 300 & setsid sleep 300 & echo "$! $$"; wait'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const pids = new Promise<number[]>((resolve) =>
    child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim().split(' ').map(Number))),
  );
  return { child, pids };
}

describe('processes tests start', () => {
  it('are all ended, the one in a group of its own too, when the test ends them', async () => {
    const { child, pids } = startFamily();
    const [detached, shell] = await pids;
    await expect.poll(() => taggedProcesses(child.testTag).length, { timeout: 10_000 }).toBe(3);
    expect(taggedProcesses(child.testTag).map((entry) => entry.pgid)).toContain(shell);
    await endTestProcess(child);
    expect(taggedProcesses(child.testTag)).toEqual([]);
    // Zombies (killed, not yet reaped by whoever inherited them) do not count: they hold nothing.
    expect(stillRunning([detached as number, shell as number])).toEqual([]);
  });

  it('left running are killed at the run’s end and named in the error', async () => {
    const { child, pids } = startFamily();
    const [detached] = await pids;
    await expect.poll(() => taggedProcesses(child.testTag).length, { timeout: 10_000 }).toBe(3);
    const runId = process.env[TEST_RUN_VARIABLE] as string;
    expect(child.testTag.startsWith(`${runId}/`)).toBe(true);
    // Only this family: the run's other files may have servers of their own running right now.
    expect(() => failOnLeftoverTestProcesses(child.testTag)).toThrow(/left 3 process\(es\)[\s\S]*sleep 300/);
    await expect.poll(() => stillRunning([detached as number]), { timeout: 10_000 }).toEqual([]);
    expect(() => failOnLeftoverTestProcesses(child.testTag)).not.toThrow();
  });
});

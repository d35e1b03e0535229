import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';

/**
 * Processes that tests (and benchmarks) start, ended by their process group whatever happens.
 *
 * Each is spawned `detached` (a process group of its own) with `PAYDAR_TEST_PROCESS=<run>/<id>` in
 * its environment. Its children inherit the tag, the embedded PostgreSQL a server starts in a
 * group of its own too, so `endTestProcess` kills every group holding a process with that tag: a
 * server killed with SIGKILL does not leave its PostgreSQL behind. What a test file leaves running
 * is killed when the file ends (test/process-cleanup.setup.ts) or when its worker exits; the run's
 * end lists whatever is still tagged with the run's id (`leftoverTestProcesses`) and fails naming it.
 */
export const TEST_PROCESS_VARIABLE = 'PAYDAR_TEST_PROCESS';
/** The id of one whole run (`npm test`, `npx vitest run`), shared by everything it starts. */
export const TEST_RUN_VARIABLE = 'PAYDAR_TEST_RUN';

/** This run's id: the one `scripts/test-phases.sh` or the global setup exported, else one of this process. */
export function testRunId(): string {
  process.env[TEST_RUN_VARIABLE] ||= `adhoc-${process.pid}-${randomUUID().slice(0, 8)}`;
  return process.env[TEST_RUN_VARIABLE] as string;
}

// One map per process, not per module instance: Vitest loads this file afresh for each test file
// of a worker, and the worker's `exit` hook must see what every one of them started.
const registry = globalThis as unknown as Record<symbol, Map<string, ChildProcess> | undefined>;
const startedKey = Symbol.for('paydar.test-processes.started');
registry[startedKey] ??= new Map<string, ChildProcess>();
const started = registry[startedKey];

/** `spawn`, in a process group of its own, tagged, and remembered until `endTestProcess`. */
export function spawnTestProcess(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): ChildProcess & { testTag: string } {
  const testTag = `${testRunId()}/${randomUUID()}`;
  const child = spawn(command, args, {
    ...options,
    detached: true,
    env: { ...(options.env ?? process.env), [TEST_PROCESS_VARIABLE]: testTag },
  });
  // Kept after the child exits: what it started (an embedded PostgreSQL) may not have.
  started.set(testTag, child);
  return Object.assign(child, { testTag });
}

export interface TaggedProcess {
  pid: number;
  pgid: number;
  tag: string;
  command: string;
}

/** Every process on the machine whose environment carries a tag starting with `prefix`. */
export function taggedProcesses(prefix: string): TaggedProcess[] {
  const found: TaggedProcess[] = [];
  const marker = `${TEST_PROCESS_VARIABLE}=${prefix}`;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environment = fs.readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0');
      const tag = environment.find((variable) => variable.startsWith(marker));
      if (!tag) continue;
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'latin1');
      // Fields after the command's closing parenthesis: state, ppid, pgrp, …
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z') continue;
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'latin1').split('\0').join(' ').trim();
      found.push({
        pid: Number(entry),
        pgid: Number(pgrp),
        tag: tag.slice(TEST_PROCESS_VARIABLE.length + 1),
        command,
      });
    } catch {
      // Gone while we looked, or not ours to read.
    }
  }
  return found;
}

/** SIGKILL to every process group holding a process tagged `prefix…`; those it found. */
export function killTaggedProcesses(prefix: string): TaggedProcess[] {
  const found = taggedProcesses(prefix);
  for (const group of new Set(found.map((entry) => entry.pgid))) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  // A process in another process group than its tag's leader (none so far) still dies.
  for (const entry of found) {
    try {
      process.kill(entry.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  return found;
}

/** Ends a process from `spawnTestProcess` and everything it started, and waits until they are gone. */
export async function endTestProcess(child: ChildProcess & { testTag: string }): Promise<void> {
  started.delete(child.testTag);
  const deadline = Date.now() + 30_000;
  while (killTaggedProcesses(child.testTag).length) {
    if (Date.now() > deadline) throw new Error(`processes tagged ${child.testTag} survived SIGKILL for 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Ends every process this test file started that is still there (a failed or timed-out test). */
export async function endAllTestProcesses(): Promise<TaggedProcess[]> {
  const left: TaggedProcess[] = [];
  for (const child of [...started.values()]) {
    left.push(...taggedProcesses((child as ChildProcess & { testTag: string }).testTag));
    await endTestProcess(child as ChildProcess & { testTag: string });
  }
  return left;
}

/** The same, synchronously, for a worker's `exit` event: no waiting there. */
export function killAllTestProcessesNow(): void {
  for (const tag of started.keys()) killTaggedProcesses(tag);
  started.clear();
}

/**
 * What the run left running (tags starting with `prefix`: `<run id>/` for a whole run): listed,
 * killed by their groups, and named in the error thrown.
 */
export function failOnLeftoverTestProcesses(prefix: string): void {
  const left = killTaggedProcesses(prefix);
  if (left.length === 0) return;
  throw new Error(
    `the run left ${left.length} process(es) it started running (now killed):\n${left
      .map((entry) => `  pid ${entry.pid} (group ${entry.pgid}): ${entry.command.slice(0, 200)}`)
      .join('\n')}`,
  );
}

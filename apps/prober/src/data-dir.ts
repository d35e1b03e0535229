import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Assignments } from '@paydar/checks/agent/agent';
import { assignmentsResponse } from '@paydar/contracts/agent-api';

/**
 * The data directory:
 *   lock               the pid of the agent using it (two agents on one buffer would corrupt it)
 *   assignments.json   the last assignment set, so a restart while the server is down keeps checking
 *   results/           the disk buffer (disk-buffer.ts)
 */

export interface DataDirLock {
  release(): Promise<void>;
}

const heldHere = new Set<string>();

/** Takes the directory for this process; refuses when a live process holds it. */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  await mkdir(dir, { recursive: true });
  const path = resolve(dir, 'lock');
  if (heldHere.has(path)) throw new Error(`the data directory ${dir} is already in use by this process`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      heldHere.add(path);
      return {
        release: async () => {
          heldHere.delete(path);
          await unlink(path).catch(() => undefined);
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      // Our own pid in a lock we do not hold: a crashed run in a container, where pids repeat.
      if (pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new Error(`the data directory ${dir} is in use by process ${pid}; give each agent its own --data-dir`);
      }
      // Left by an agent that crashed.
      await unlink(path).catch(() => undefined);
    }
  }
  throw new Error(`cannot lock the data directory ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The last assignment set saved, or null when there is none or it cannot be read. */
export async function readAssignments(dir: string): Promise<Assignments | null> {
  try {
    const parsed = assignmentsResponse.safeParse(JSON.parse(await readFile(join(dir, 'assignments.json'), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Replaces the saved set atomically (write, then rename). */
export async function saveAssignments(dir: string, assignments: Assignments): Promise<void> {
  const path = join(dir, 'assignments.json');
  await mkdir(dir, { recursive: true });
  const handle = await open(`${path}.tmp`, 'w');
  try {
    await handle.writeFile(JSON.stringify(assignments));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(`${path}.tmp`, path);
}

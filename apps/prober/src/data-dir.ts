import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Assignments } from '@paydar/checks/agent/agent';
import { assignmentSet } from '@paydar/contracts/agent-api';

/**
 * The data directory:
 *   lock               the pid of the agent using it (lockDir in @paydar/result-buffer/dir-lock)
 *   assignments.json   the last assignment set, so a restart while the server is down keeps checking
 *   results/           the disk buffer (@paydar/result-buffer/disk-buffer)
 */

/** The last assignment set saved, or null when there is none or it cannot be read. */
export async function readAssignments(dir: string): Promise<Assignments | null> {
  try {
    const parsed = assignmentSet.safeParse(JSON.parse(await readFile(join(dir, 'assignments.json'), 'utf8')));
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

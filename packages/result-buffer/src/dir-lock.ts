import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import { resolve } from 'node:path';

export interface DirLock {
  release(): Promise<void>;
}

const heldHere = new Set<string>();

/**
 * Takes `dir` for this process (a `lock` file holding its pid): two probers on one buffer would
 * corrupt it. Refuses when a live process holds it; a lock left by a crashed one is taken over.
 */
export async function lockDir(dir: string): Promise<DirLock> {
  await mkdir(dir, { recursive: true });
  const path = resolve(dir, 'lock');
  if (heldHere.has(path)) throw new Error(`the directory ${dir} is already in use by this process`);
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
        throw new Error(`the directory ${dir} is in use by process ${pid}; give each prober its own`);
      }
      // Left by a prober that crashed.
      await unlink(path).catch(() => undefined);
    }
  }
  throw new Error(`cannot lock the directory ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

import { execFileSync } from 'node:child_process';

/** Every process on the machine: pid, parent pid and command line (from `ps`). */
export function processTable(): Array<{ pid: number; ppid: number; args: string }> {
  return execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ pid: Number(match[1]), ppid: Number(match[2]), args: match[3] ?? '' }));
}

/** The pids of `root`'s children, their children and so on, as running now. */
export function descendants(root: number): number[] {
  const table = processTable();
  const found: number[] = [];
  let parents = [root];
  while (parents.length) {
    const children = table.filter((entry) => parents.includes(entry.ppid)).map((entry) => entry.pid);
    found.push(...children);
    parents = children;
  }
  return found;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

import fs from 'node:fs';

const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) used so far by the PostgreSQL backends serving `database` (their
 * process title names it), so other databases' work on the same server is not counted. The
 * server-wide helpers (WAL writer, checkpointer) are left out: they are shared.
 */
export function postgresCpuSeconds(database: string): number {
  let ticks = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      if (name !== 'postgres') continue;
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!title.includes(` ${database} `)) continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while we read.
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/** CPU seconds used by this process. */
export function processCpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

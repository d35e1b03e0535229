import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Figure, percentile } from './figures';

const run = promisify(execFile);

export interface ReadersRun {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  notModified: number;
}

/**
 * `readers` clients calling `path` back to back over loopback for `seconds`, each on its own
 * connection and, with `revalidate`, sending the ETag it last got as a browser's HTTP cache does.
 * They run in a child process (readers-client.mjs), so the figure is the server's, not the load's.
 * Throws on any answer but 200/304: a fast figure made of errors is not a figure.
 */
export async function runReaders(
  origin: string,
  path: string,
  headers: Record<string, string>,
  options: { readers: number; seconds: number; revalidate: boolean },
): Promise<ReadersRun> {
  const client = fileURLToPath(new URL('./readers-client.mjs', import.meta.url));
  const { stdout } = await run(process.execPath, [client, JSON.stringify({ origin, path, headers, ...options })], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const { durations, notModified, elapsedMs } = JSON.parse(stdout) as {
    durations: number[];
    notModified: number;
    elapsedMs: number;
  };
  return {
    requests: durations.length,
    perSecond: durations.length / (elapsedMs / 1000),
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
    notModified,
  };
}

/** The two figures of a readers run: throughput against `minPerSecond`, p99 against `maxP99Ms`. */
export function readersFigures(name: string, run: ReadersRun, minPerSecond: number, maxP99Ms: number): Figure[] {
  const note = `${run.requests} requests, p50 ${run.p50.toFixed(1)} ms, ${run.notModified} answered 304`;
  return [
    {
      name: `${name}, requests/s`,
      value: Math.round(run.perSecond),
      unit: 'req/s',
      target: `≥ ${minPerSecond} req/s`,
      met: run.perSecond >= minPerSecond,
      note,
    },
    { name: `${name}, p99`, value: run.p99, unit: 'ms', target: `≤ ${maxP99Ms} ms`, met: run.p99 <= maxP99Ms, note },
  ];
}

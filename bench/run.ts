/**
 * `npm run bench`: every benchmark against a fresh database; a table and bench/results/latest.json.
 * A run of some of them (`npm run bench -- ingest`) writes bench/results/partial.json instead, so the
 * committed figures of a whole run are not replaced by a few.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { bundleServer } from '../apps/server/scripts/bundle';
import { loadConfig } from '../apps/server/src/config';
import { type Runtime, startRuntime } from '../apps/server/src/runtime';
import { checkPathBenchmark } from './check-path.bench';
import { dashboardBenchmark } from './dashboard.bench';
import { demoBenchmark } from './demo.bench';
import { detectBenchmark } from './detect.bench';
import { firstPaintBenchmark } from './first-paint.bench';
import { idleBenchmark } from './idle.bench';
import { ingestBenchmark } from './ingest.bench';
import { liveBenchmark } from './live.bench';
import { metricBenchmark } from './metric.bench';
import { monitorListBenchmark } from './monitor-list.bench';
import { pureFunctionsBenchmark } from './pure-functions.bench';
import { tenThousandBenchmark, threeProbersBenchmark } from './scale.bench';
import { statusPageBenchmark } from './status-page.bench';
import { statusPageNoticesBenchmark } from './status-page-notices.bench';
import { benchDatabase } from './support/database';
import { type Figure, printTable } from './support/figures';
import { perCheckBenchmark } from './system.bench';

// The benchmarks that start a server run it as `npm start` does, from its bundle: made once, here.
await bundleServer();
const database = await benchDatabase(process.env.TEST_DATABASE_URL?.trim() || undefined);
const config = loadConfig({
  DATABASE_URL: database.url,
  LOG_LEVEL: 'warn',
  WEB_DIST_DIR: 'off',
  BUILTIN_PROBER_ENABLED: 'false',
  JOBS_ENABLED: 'false',
  // The demo's own benchmark seeds it, last; the others measure a database without it.
  DEMO_DATA_ENABLED: 'false',
  ALLOW_PRIVATE_TARGETS: 'true',
});
const runtime = await startRuntime(config, { logger: pino({ level: 'warn' }), runWorkers: false });
const figures: Figure[] = [];
// `npm run bench -- ingest metric` runs only the benchmarks whose names are given.
const only = process.argv.slice(2);
const benchmarks: Array<[string, (runtime: Runtime) => Promise<Figure[]>]> = [
  // Idle and per-check first: they need a database where no other monitor is assigned.
  ['idle', idleBenchmark],
  ['per-check', perCheckBenchmark],
  // A real server process with its built-in prober, like the two above: before `scale` seeds its 10,000.
  ['detect', detectBenchmark],
  // The scale benchmarks next, while this process holds nothing else (their RSS is the server's).
  ['scale', tenThousandBenchmark],
  ['probers', threeProbersBenchmark],
  ['check-path', checkPathBenchmark],
  ['ingest', ingestBenchmark],
  ['list', monitorListBenchmark],
  ['metric', metricBenchmark],
  ['status-page', statusPageBenchmark],
  ['dashboard', dashboardBenchmark],
  ['status-page-notices', statusPageNoticesBenchmark],
  ['pure-functions', pureFunctionsBenchmark],
  // A real server process and Chromium: the browser's view of the list above.
  ['first-paint', firstPaintBenchmark],
  // A real server process with 1,000 open streams; before the demo, as it leaves 1,000 users and monitors behind.
  ['live', liveBenchmark],
  ['demo', demoBenchmark],
];
try {
  for (const [name, run] of benchmarks) if (!only.length || only.includes(name)) figures.push(...(await run(runtime)));
} finally {
  await runtime.stop();
  await database.drop();
}
printTable(figures);
const output = {
  when: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  },
  node: process.version,
  figures,
};
const file = path.resolve(import.meta.dirname, only.length ? 'results/partial.json' : 'results/latest.json');
await fs.writeFile(file, `${JSON.stringify(output, null, 2)}\n`);
console.log(`\nwrote ${path.relative(process.cwd(), file)}`);

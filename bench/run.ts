/** `npm run bench`: every benchmark against a fresh database; a table and bench/results/latest.json. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config';
import { startRuntime } from '../apps/server/src/runtime';
import { checkPathBenchmark } from './check-path.bench';
import { ingestBenchmark } from './ingest.bench';
import { metricBenchmark } from './metric.bench';
import { monitorListBenchmark } from './monitor-list.bench';
import { tenThousandBenchmark, threeProbersBenchmark } from './scale.bench';
import { benchDatabase } from './support/database';
import { type Figure, printTable } from './support/figures';

const database = await benchDatabase(process.env.TEST_DATABASE_URL?.trim() || undefined);
const config = loadConfig({
  DATABASE_URL: database.url,
  LOG_LEVEL: 'warn',
  WEB_DIST_DIR: 'off',
  BUILTIN_PROBER_ENABLED: 'false',
  JOBS_ENABLED: 'false',
  ALLOW_PRIVATE_TARGETS: 'true',
});
const runtime = await startRuntime(config, { logger: pino({ level: 'warn' }), runWorkers: false });
const figures: Figure[] = [];
try {
  // The scale benchmarks first, while this process holds nothing else (their RSS is the server's).
  figures.push(...(await tenThousandBenchmark(runtime)));
  figures.push(...(await threeProbersBenchmark(runtime)));
  figures.push(...(await checkPathBenchmark(runtime)));
  figures.push(...(await ingestBenchmark(runtime)));
  figures.push(...(await monitorListBenchmark(runtime)));
  figures.push(...(await metricBenchmark(runtime)));
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
const file = path.resolve(import.meta.dirname, 'results/latest.json');
await fs.writeFile(file, `${JSON.stringify(output, null, 2)}\n`);
console.log(`\nwrote ${path.relative(process.cwd(), file)}`);

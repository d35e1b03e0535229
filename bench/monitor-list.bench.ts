import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import type { Runtime } from '../apps/server/src/runtime';
import type { Figure } from './support/figures';
import { latencyFigure } from './support/latency';
import { seedListUser } from './support/list-user';

const MONITORS = 1_000;
const CALLS = 100;

/** GET /api/v1/monitors/ for a user with 1,000 monitors (each with 3 probers and a state), through the whole app. */
export async function monitorListBenchmark(runtime: Runtime): Promise<Figure[]> {
  const { key } = await seedListUser(runtime, 'bench-list', MONITORS);
  const app = await buildApp({ context: runtime.context, logger: pino({ level: 'silent' }) });
  await app.ready();
  try {
    const call = () =>
      app.inject({ method: 'GET', url: '/api/v1/monitors/', headers: { authorization: `Token ${key}` } });
    const first = await call();
    if (first.json().results.length !== MONITORS) throw new Error('the list did not return every monitor');
    const figures = [await latencyFigure('monitor list, 1,000 monitors, p95', 100, CALLS, call)];
    figures.push(sizeFigure('monitor list, 1,000 monitors, uncompressed', first.rawPayload.length, 150));
    for (const encoding of ['br', 'gzip']) {
      const compressed = await app.inject({
        method: 'GET',
        url: '/api/v1/monitors/',
        headers: { authorization: `Token ${key}`, 'accept-encoding': encoding },
      });
      if (compressed.headers['content-encoding'] !== encoding) throw new Error(`the list was not sent as ${encoding}`);
      figures.push(sizeFigure(`monitor list, 1,000 monitors, ${encoding}`, compressed.rawPayload.length, 150));
    }
    return figures;
  } finally {
    await app.close();
  }
}

function sizeFigure(name: string, bytes: number, maxKiB: number): Figure {
  const kib = bytes / 1024;
  return { name, value: Math.round(kib * 10) / 10, unit: 'KiB', target: `≤ ${maxKiB} KiB`, met: kib <= maxKiB };
}

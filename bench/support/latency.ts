import { type Figure, percentile } from './figures';

/** Calls `call` 10 times to warm up, then `calls` times; the p95 as a figure against `targetMs`. */
export async function latencyFigure(
  name: string,
  targetMs: number,
  calls: number,
  call: () => Promise<unknown>,
): Promise<Figure> {
  for (let index = 0; index < 10; index += 1) await call();
  const durations: number[] = [];
  for (let index = 0; index < calls; index += 1) {
    const began = performance.now();
    await call();
    durations.push(performance.now() - began);
  }
  const p95 = percentile(durations, 95);
  return {
    name,
    value: p95,
    unit: 'ms',
    target: `≤ ${targetMs} ms`,
    met: p95 <= targetMs,
    note: `p50 ${percentile(durations, 50).toFixed(1)} ms over ${calls} calls`,
  };
}

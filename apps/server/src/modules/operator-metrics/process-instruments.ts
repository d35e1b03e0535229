import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * The process's own instruments for the operators' `/metrics`: counters and a histogram that the
 * code paths bump as they go (an addition in memory, nothing else), in a registry of this module's
 * — never prom-client's global one, which any library could fill. One per process: every server
 * replica is scraped on its own and Prometheus sums them.
 */
export const processRegistry = new Registry();

/** Check results stored by ingest (accepted; duplicates and refusals not counted). */
export const resultsIngested = new Counter({
  name: 'paydar_results_ingested_total',
  help: 'Check results stored by ingest (new ones; a batch sent twice counts once).',
  registers: [processRegistry],
});

/** Labelled by the route's pattern (`/api/v1/monitors/:id/`), never the raw URL: a bounded set of series. */
export const httpRequestDuration = new Histogram({
  name: 'paydar_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

let defaultsStarted = false;

/** prom-client's process metrics (CPU, memory, event loop lag, GC…), started once, only where /metrics is on. */
export function startDefaultMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  collectDefaultMetrics({ register: processRegistry, prefix: 'paydar_' });
}

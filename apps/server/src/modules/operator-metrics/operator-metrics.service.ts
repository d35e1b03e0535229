import { Gauge, Registry } from 'prom-client';
import type { ServiceContext } from '../../context';
import { labelValue } from '../prometheus/monitor-registry';
import { addCacheGauges } from './cache-gauges';
import { proberLastSeen } from './operator-metrics.repository';
import { processRegistry } from './process-instruments';

/**
 * One scrape of the operators' `/metrics`: the process's counters and histogram as they stand, and
 * what is read only now, at the scrape — queue depths and prober lag from the database, the
 * caches' counts from memory — in a registry of this scrape's, merged with the process's. Nothing
 * is read while nobody scrapes.
 */
export async function scrapeOperatorMetrics(context: ServiceContext): Promise<Registry> {
  const [depths, probers] = await Promise.all([context.jobs.depths(), proberLastSeen(context.db)]);
  const now = context.now().getTime();
  const scrape = new Registry();
  const waiting = new Gauge({
    name: 'paydar_job_queue_waiting',
    help: 'Jobs waiting in each queue (new or waiting to retry).',
    labelNames: ['queue'] as const,
    registers: [scrape],
  });
  const active = new Gauge({
    name: 'paydar_job_queue_active',
    help: 'Jobs of each queue running now.',
    labelNames: ['queue'] as const,
    registers: [scrape],
  });
  const lag = new Gauge({
    name: 'paydar_prober_last_seen_age_seconds',
    help: 'Seconds since each prober last polled or sent results (written at most every 10 s); absent before its first.',
    labelNames: ['prober'] as const,
    registers: [scrape],
  });
  for (const depth of depths) {
    waiting.set({ queue: depth.queue }, depth.waiting);
    active.set({ queue: depth.queue }, depth.active);
  }
  for (const prober of probers) {
    if (prober.lastSeenAt)
      lag.set({ prober: labelValue(prober.name) }, Math.max(0, (now - prober.lastSeenAt.getTime()) / 1000));
  }
  addCacheGauges(scrape);
  return Registry.merge([processRegistry, scrape]);
}

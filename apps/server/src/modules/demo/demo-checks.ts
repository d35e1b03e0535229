import type { DemoMonitorSpec, DemoProberSpec } from './demo.catalogue';
import { downSpans, type Span, slowSpans, spanCursor } from './demo-incidents';
import { Stream, seedOf } from './demo-random';
import { loadAt } from './demo-rhythm';

/**
 * The demo's checks: what each demo prober would have seen of each demo monitor at each check
 * time, drawn from the monitor's behaviour, the prober's distance and the time of day and week.
 * Pure: the same (monitor, prober, time) gives the same check on every replica and every run.
 */

export interface DemoCheck {
  time: number;
  success: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  resolveMs: number | null;
  connectMs: number | null;
  tlsMs: number | null;
  responseMs: number | null;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const roundOrNull = (ms: number | null) => (ms === null ? null : round(ms));

interface Incidents {
  down: Span[];
  slow: Span[];
}

/** Incidents overlapping [from, to): drawn once per range, looked up per check. */
export const incidentsIn = (spec: DemoMonitorSpec, from: number, to: number): Incidents => ({
  down: downSpans(spec, from, to),
  slow: slowSpans(spec, from, to),
});

/** The first check time at or after `from` of this monitor on this prober (its phase within the period). */
function firstCheckAt(spec: DemoMonitorSpec, proberIndex: number, from: number): number {
  const periodMs = spec.periodSeconds * 1000;
  const phase = ((proberIndex * 7 + (seedOf(spec.key) % 23)) * 1000) % periodMs;
  return Math.ceil((from - phase) / periodMs) * periodMs + phase;
}

/** Calls `each` for every check of the monitor on the prober in [from, to), in time order. */
export function forEachCheck(
  spec: DemoMonitorSpec,
  prober: DemoProberSpec,
  proberIndex: number,
  range: { from: number; to: number; incidents: Incidents },
  each: (check: DemoCheck) => void,
): void {
  const periodMs = spec.periodSeconds * 1000;
  const seed = seedOf(spec.key);
  const incidents = { downAt: spanCursor(range.incidents.down), slowAt: spanCursor(range.incidents.slow) };
  for (let time = firstCheckAt(spec, proberIndex, range.from); time < range.to; time += periodMs) {
    each(checkAt(spec, prober, proberIndex, seed, time, incidents));
  }
}

function checkAt(
  spec: DemoMonitorSpec,
  prober: DemoProberSpec,
  proberIndex: number,
  seed: number,
  time: number,
  incidents: { downAt: (time: number) => Span | undefined; slowAt: (time: number) => Span | undefined },
): DemoCheck {
  const down = incidents.downAt(time);
  if (down) return failedCheck(spec, time, down.reason, down.statusCode);
  // A rare failure seen by one prober alone (a lost packet, a reset): no downtime, but real.
  const random = new Stream([seed, proberIndex, time]);
  if (random.uniform() < 0.0006) return failedCheck(spec, time, 'Connection reset by peer', null);

  const load = loadAt(time);
  const rtt = prober.baseRttMs * (1 + 0.35 * load) * random.noise(0.18);
  const slow = incidents.slowAt(time) ? 4.5 + 2 * random.uniform() : 1;
  const server = spec.serverMs * (1 + 0.8 * load) * slow * random.noise(0.3);
  // The resolver caches: a name lookup is quick, a little longer from far away.
  const resolve = (2 + prober.baseRttMs / 20) * random.noise(0.5);
  const isHttps = spec.url?.startsWith('https://') ?? false;

  switch (spec.protocolType) {
    case 'HTTP': {
      const connect = rtt;
      const tls = isHttps ? 2 * rtt * random.noise(0.1) : null;
      const response = rtt + server;
      const transfer = 3 * random.noise(0.4);
      return successful(time, 200, {
        resolve,
        connect,
        tls,
        response,
        duration: resolve + connect + (tls ?? 0) + response + transfer,
      });
    }
    case 'ICMP':
      return successful(time, null, { resolve: null, connect: null, tls: null, response: rtt, duration: rtt });
    case 'TCP':
      return successful(time, null, { resolve, connect: rtt, tls: null, response: null, duration: resolve + rtt });
    case 'DNS': {
      const response = rtt + server;
      return successful(time, null, { resolve, connect: null, tls: null, response, duration: resolve + response });
    }
    case 'HEARTBEAT':
      // No prober checks a heartbeat: its records are its pings' (demo-heartbeat.ts).
      throw new Error(`the demo heartbeat ${spec.alias} has no probed checks`);
  }
}

function successful(
  time: number,
  statusCode: number | null,
  phases: {
    resolve: number | null;
    connect: number | null;
    tls: number | null;
    response: number | null;
    duration: number;
  },
): DemoCheck {
  return {
    time,
    success: true,
    statusCode,
    error: null,
    durationMs: round(phases.duration),
    resolveMs: roundOrNull(phases.resolve),
    connectMs: roundOrNull(phases.connect),
    tlsMs: roundOrNull(phases.tls),
    responseMs: roundOrNull(phases.response),
  };
}

function failedCheck(spec: DemoMonitorSpec, time: number, reason: string, statusCode: number | null): DemoCheck {
  const timedOut = reason === 'Connection timed out';
  return {
    time,
    success: false,
    statusCode: spec.protocolType === 'HTTP' ? statusCode : null,
    error: statusCode ? null : reason,
    durationMs: timedOut ? 30_000 : statusCode ? 180 : 40,
    resolveMs: null,
    connectMs: null,
    tlsMs: null,
    responseMs: null,
  };
}

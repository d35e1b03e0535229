import type { MonitorEventKind } from '@paydar/contracts/alert-events';
import { displayName } from '@paydar/domain/display-name';
import type { Database } from '../../db/client';
import { HEARTBEAT_STATUS_TEXT } from '../heartbeats/heartbeat-verdict';
import { insertProbeRecords } from '../ingest/probe-records.repository';
import { addProberHealth } from '../probers/prober-health.repository';
import { DEMO_ALERT_EMAIL, DEMO_ALERT_TELEGRAM, type DemoMonitorSpec, isDemoHeartbeat } from './demo.catalogue';
import { addRollups, type DemoState, saveDemoStates } from './demo.repository';
import { keepDemoCertificates } from './demo-certificates';
import {
  closeOpenDowntime,
  type DemoNotification,
  insertDowntimes,
  insertEvents,
  insertNotifications,
  type StoredEvent,
} from './demo-events.repository';
import { demoProberHealth } from './demo-health';
import { heartbeatStateAt } from './demo-heartbeat';
import { saveDemoHeartbeatState } from './demo-heartbeat.repository';
import { buildHistory, type DemoMonitor, type DemoProber } from './demo-history';
import { downSpans, slowSpans } from './demo-incidents';

/**
 * Writes the demo's history of [from, to) — checks and a heartbeat's pings, rollups, downtimes,
 * events, notification history and the monitors' states (a heartbeat's ping state too) — in the
 * caller's transaction, under the demo lock. Ranges written one after another give the same rows as
 * one range over both: what a check, a ping, a span or an event is depends on its time alone
 * (demo-random.ts), and a span is written where it starts or ends.
 */

const DAY = 86_400_000;
const RAW_BATCH = 10_000;
/** What a flapping monitor needs within the last two hours to show as flapping. */
const FLAP_WINDOW = 2 * 3_600_000;
const FLAP_CHANGES = 3;

export interface DemoWorld {
  userId: number;
  monitors: readonly DemoMonitor[];
  probers: readonly DemoProber[];
}

export async function writeDemoRange(
  db: Database,
  world: DemoWorld,
  range: { from: number; to: number; rawFrom: number; isFirst: boolean },
): Promise<void> {
  const history = buildHistory(world.monitors, world.probers, range);
  await addRollups(db, history.rollups);
  for (const [proberId, hours] of demoProberHealth(history)) await addProberHealth(db, proberId, hours);
  for (let start = 0; start < history.raw.length; start += RAW_BATCH)
    await insertProbeRecords(db, history.raw.slice(start, start + RAW_BATCH));

  const events: Array<StoredEvent & { monitor: DemoMonitor }> = [];
  for (const monitor of world.monitors) {
    for (const event of await writeIncidents(db, monitor, range)) events.push({ ...event, monitor });
  }
  await insertNotifications(db, notificationsOf(world.userId, events));

  const states: DemoState[] = [];
  for (const monitor of world.monitors) {
    const last = history.last.get(monitor.id);
    if (isDemoHeartbeat(monitor.spec)) states.push(heartbeatStateOf(monitor, range));
    else if (last?.length) states.push(stateOf(monitor, last, range));
  }
  const slowRules = new Map(world.monitors.map((monitor) => [monitor.id, monitor.spec.slowAlert ?? null]));
  await saveDemoStates(db, states, slowRules);
  for (const monitor of world.monitors.filter((candidate) => isDemoHeartbeat(candidate.spec)))
    await saveDemoHeartbeatState(db, monitor.id, heartbeatStateAt(monitor.spec, range.to));
  await keepDemoCertificates(db, world.monitors, range.to);
}

/** Downtimes that start or end in the range, and the slow and flapping events that fall in it. */
async function writeIncidents(
  db: Database,
  monitor: DemoMonitor,
  range: { from: number; to: number },
): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  const downs = downSpans(monitor.spec, range.from, range.to);
  const starting = downs.filter((span) => span.from >= range.from);
  // The downtime carried over from the range before ends first: a range that also opens one of
  // its own would otherwise hold two open ones (refused) and close the new one in its place.
  for (const span of downs.filter((span) => span.from < range.from && span.to <= range.to))
    events.push(...(await closeOpenDowntime(db, monitor.id, span.to)));
  events.push(
    ...(await insertDowntimes(
      db,
      starting.map((span) => ({
        monitorId: monitor.id,
        from: span.from,
        to: span.to <= range.to ? span.to : null,
        reason: span.reason,
      })),
    )),
  );

  const others: Array<{ kind: MonitorEventKind; at: number; reason: string; origin: 'ingest' | 'rules' }> = [];
  for (const span of slowSpans(monitor.spec, range.from, range.to)) {
    const reason = `Response time above ${monitor.spec.slowAlert?.rule === 'response_time' ? monitor.spec.slowAlert.above_ms : 800} ms for 5 checks in a row.`;
    if (span.from >= range.from) others.push({ kind: 'slow', at: span.from, reason, origin: 'ingest' });
    if (span.to <= range.to)
      others.push({
        kind: 'slow_recovered',
        at: span.to,
        reason: 'Response times are back to normal.',
        origin: 'ingest',
      });
  }
  if (monitor.spec.behaviour === 'flapping') {
    // One flapping alert a day, at the day's first flap: flap damping holds the rest.
    for (const span of starting) {
      const dayStart = Math.floor(span.from / DAY) * DAY;
      if (downSpans(monitor.spec, dayStart, span.from).length) continue;
      others.push({ kind: 'flapping', at: span.from, reason: 'Changed state 5 times in 20 minutes.', origin: 'rules' });
    }
  }
  events.push(
    ...(await insertEvents(
      db,
      others.map((event) => ({ ...event, monitorId: monitor.id })),
    )),
  );
  return events;
}

/** Which events reach the history: a flapping monitor's single transitions are held by flap damping. */
const TOLD: Record<string, readonly MonitorEventKind[]> = {
  outages: ['down', 'up'],
  slow: ['slow', 'slow_recovered'],
  flapping: ['flapping'],
  heartbeat: ['down', 'up'],
  steady: [],
};

function notificationsOf(userId: number, events: ReadonlyArray<StoredEvent & { monitor: DemoMonitor }>) {
  const rows: DemoNotification[] = [];
  for (const event of events) {
    const { spec } = event.monitor;
    if (!spec.alerted || !TOLD[spec.behaviour]?.includes(event.kind)) continue;
    const monitor = {
      id: event.monitor.id,
      name: displayName({ protocol_type: spec.protocolType, url: spec.url, host: spec.host, alias: spec.alias }),
      protocolType: spec.protocolType,
      url: spec.url ?? null,
      host: spec.host ?? null,
    };
    const facts = {
      kind: event.kind,
      at: new Date(event.at).toISOString(),
      monitor,
      downtime: event.downtime
        ? {
            fromTime: new Date(event.downtime.from).toISOString(),
            toTime: event.downtime.to === null ? null : new Date(event.downtime.to).toISOString(),
          }
        : null,
      reason: event.reason,
      timeZone: 'Asia/Tehran',
    };
    for (const [notificationType, recipient, delayMs] of [
      ['email', DEMO_ALERT_EMAIL, 4_000],
      ['telegram', DEMO_ALERT_TELEGRAM, 2_000],
    ] as const) {
      rows.push({
        userId,
        monitorId: monitor.id,
        monitorUrl: monitor.url,
        monitorHost: monitor.host,
        eventId: event.id,
        notificationType,
        recipient,
        facts,
        at: event.at + delayMs,
      });
    }
  }
  return rows;
}

/** Whether the monitor is down at the range's end, and since when it is in that state (null: no change lately). */
function downStateAt(spec: DemoMonitorSpec, range: { from: number; to: number; isFirst: boolean }) {
  const recent = downSpans(spec, range.to - 2 * DAY, range.to);
  const open = recent.find((span) => span.from < range.to && span.to > range.to);
  const ended = recent.filter((span) => span.to <= range.to).at(-1);
  return {
    isDown: open !== undefined,
    stateSince: open?.from ?? ended?.to ?? (range.isFirst ? range.from : null),
  };
}

function stateOf(
  monitor: DemoMonitor,
  last: NonNullable<ReturnType<ReturnType<typeof buildHistory>['last']['get']>>,
  range: { from: number; to: number; isFirst: boolean },
): DemoState {
  const { spec } = monitor;
  const latest = last.reduce((a, b) => (b.check.time > a.check.time ? b : a));
  const slow = slowSpans(spec, range.to - DAY, range.to).find((span) => span.from < range.to && span.to > range.to);
  const isHttp = spec.protocolType === 'HTTP';
  return {
    monitorId: monitor.id,
    ...downStateAt(spec, range),
    firstCheckAt: range.from,
    lastCheckAt: latest.check.time,
    lastStatusCode: isHttp ? latest.check.statusCode : null,
    lastStatus: isHttp ? null : latest.check.success ? 'OK' : (latest.check.error ?? 'failed'),
    proberStates: last.map((entry) => ({
      proberId: entry.proberId,
      lastTime: entry.check.time,
      lastSuccess: entry.check.success,
      consecutiveFailures: entry.failuresInRow,
      failingSince: entry.failingSince,
    })),
    isFlapping:
      spec.behaviour === 'flapping' && downSpans(spec, range.to - FLAP_WINDOW, range.to).length >= FLAP_CHANGES,
    slow: slow ? { since: slow.from, reason: 'Response time above 800 ms for 5 checks in a row.' } : null,
  };
}

/** A heartbeat's state as heartbeat-verdict.ts leaves it: its last record's status, no probers. */
function heartbeatStateOf(monitor: DemoMonitor, range: { from: number; to: number; isFirst: boolean }): DemoState {
  const { lastFiled } = heartbeatStateAt(monitor.spec, range.to);
  return {
    monitorId: monitor.id,
    ...downStateAt(monitor.spec, range),
    firstCheckAt: range.from,
    lastCheckAt: lastFiled?.check.time ?? range.from,
    lastStatusCode: null,
    lastStatus: lastFiled ? HEARTBEAT_STATUS_TEXT[lastFiled.kind] : null,
    proberStates: [],
    isFlapping: false,
    slow: null,
  };
}

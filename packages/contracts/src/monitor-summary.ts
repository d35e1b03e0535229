import { z } from 'zod';
import type { Monitor } from './monitors';
import { PROTOCOL_TYPES } from './monitors-options';

/**
 * A monitor as the dashboard's list shows it, searches it and filters it by group (issue 13): what
 * an item draws (protocol, target or alias, last result, paused, the Remove menu's protection) and
 * nothing only the detail or the edit form reads. The name is left out: it is `displayName()` of
 * these fields. The order is the server's (newest first: `newestFirst`), so no creation time either.
 */
export type MonitorSummary = Pick<
  Monitor,
  | 'id'
  | 'protocol_type'
  | 'url'
  | 'host'
  | 'alias'
  | 'labels'
  | 'is_enabled'
  | 'is_protected'
  | 'last_status_code'
  | 'last_status'
  | 'is_flapping'
> & {
  /** Slow by its slow-response rule now (issue 14); absent reads as false. */
  is_slow?: boolean;
};

/**
 * The list item on the wire: each field that is null, false or an empty list is left out, which
 * keeps 1,000 monitors under 150 KiB (`npm run bench -- list`). Read it with `monitorSummary`.
 */
export const monitorSummaryWire = z
  .object({
    id: z.number().int(),
    protocol_type: z.enum(PROTOCOL_TYPES),
    url: z.string().optional().meta({ description: 'HTTP monitors only' }),
    host: z.string().optional().meta({ description: 'ICMP, TCP and DNS monitors only' }),
    alias: z.string().optional(),
    labels: z.array(z.string()).optional().meta({ description: 'Absent when the monitor has no groups' }),
    is_enabled: z.literal(true).optional().meta({ description: 'Absent when the monitor is paused' }),
    is_protected: z.literal(true).optional(),
    last_status_code: z.number().int().optional().meta({ description: 'HTTP monitors, after the first check' }),
    last_status: z.string().optional().meta({ description: 'Other monitors, after the first check' }),
    is_slow: z
      .literal(true)
      .optional()
      .meta({ description: 'Present while the monitor is slow by its slow-response rule (`slow_alert`)' }),
    is_flapping: z
      .literal(true)
      .optional()
      .meta({ description: 'Present while the monitor flaps: its alerts wait until it is stable (issue 14)' }),
  })
  .meta({ description: 'A monitor as the list shows it; a field that is null, false or empty is left out.' });
export type MonitorSummaryWire = z.infer<typeof monitorSummaryWire>;

/** Reads a list item off the wire into its whole shape: what was left out comes back as null, false or []. */
export const monitorSummary = monitorSummaryWire.transform(
  (wire): MonitorSummary => ({
    id: wire.id,
    protocol_type: wire.protocol_type,
    url: wire.url ?? null,
    host: wire.host ?? null,
    alias: wire.alias ?? null,
    labels: wire.labels ?? [],
    is_enabled: wire.is_enabled ?? false,
    is_protected: wire.is_protected ?? false,
    last_status_code: wire.last_status_code ?? null,
    last_status: wire.last_status ?? null,
    is_slow: wire.is_slow ?? false,
    is_flapping: wire.is_flapping ?? false,
  }),
);

/** The summary of a whole monitor (a monitor read or saved on its own, put back into the cached list). */
export function summaryOf(monitor: MonitorSummary | Monitor): MonitorSummary {
  return {
    id: monitor.id,
    protocol_type: monitor.protocol_type,
    url: monitor.url,
    host: monitor.host,
    alias: monitor.alias,
    labels: monitor.labels,
    is_enabled: monitor.is_enabled,
    is_protected: monitor.is_protected,
    last_status_code: monitor.last_status_code,
    last_status: monitor.last_status,
    is_flapping: monitor.is_flapping,
    is_slow: 'slow' in monitor ? monitor.slow !== null : (monitor.is_slow ?? false),
  };
}

/** The wire form of a summary: null, false and empty lists left out. */
export function compactSummary(summary: MonitorSummary): MonitorSummaryWire {
  const wire: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(summaryOf(summary))) {
    const empty = value === null || value === false || (Array.isArray(value) && value.length === 0);
    if (!empty) wire[key] = value;
  }
  return wire as MonitorSummaryWire;
}

/**
 * The list's order, newest first: the highest id first, as the server's `ORDER BY id DESC`
 * (monitors.repository.ts) answers it and the web places a monitor pushed by the stream. Ids are
 * unique, so the order is total; and an item carries its id, not its creation time (1,000 of those
 * would cost the list some 42 KiB). Creation times can disagree with ids: two creates racing, the
 * one that began first stamped earlier but given the later id. A comparator for `Array.sort`.
 */
export const newestFirst = (a: Pick<MonitorSummary, 'id'>, b: Pick<MonitorSummary, 'id'>): number => b.id - a.id;

import { z } from 'zod';
import { PROTOCOL_TYPES } from './monitors-options';

/**
 * The live stream (issue 15): Server-Sent Events a dashboard or a shared page keeps open, so what
 * the server stores shows without a reload. Each event's `data` is JSON of the schema named by its
 * `event` field; its `id` is the stream's position, which a reconnect sends back as `Last-Event-ID`.
 */

/** `GET` with `Authorization: Token <key>`: every monitor of the caller. */
export const LIVE_PATH = '/api/v1/live/';

/** `GET`, no session: the one monitor a share token names, without its owner's data. */
export const sharedLivePath = (token: string) => `/api/v1/live/shared/${encodeURIComponent(token)}`;

/** The event names a stream sends. */
export const LIVE_EVENTS = {
  /** A monitor's live state changed (a check stored, a downtime opened or ended, paused, edited…). */
  monitor: 'monitor',
  /** A monitor was removed. */
  removed: 'removed',
  /** Sent after connecting (and after what a resume replays): the whole set, as it is now. */
  ready: 'ready',
  /** What the stream missed cannot be told: the client reloads everything it shows. */
  reset: 'reset',
} as const;

/**
 * What a signed-in owner's stream adds to a monitor's state (never a shared page's: no owner data):
 * the list item's own fields, so a monitor added, renamed or regrouped in another tab shows in place
 * without reading the list again.
 */
export const liveMonitorItem = z.object({
  protocol_type: z.enum(PROTOCOL_TYPES),
  /** HTTP monitors only, as the list sends it. */
  url: z.string().nullable(),
  /** ICMP, TCP and DNS monitors only. */
  host: z.string().nullable(),
  alias: z.string().nullable(),
  labels: z.array(z.string()),
  is_protected: z.boolean(),
  /** The list's order: newest first (then the higher id). */
  creation_time: z.string(),
  /** When its settings were last saved: when this moves, the detail and the edit form read the monitor again. */
  edited_at: z.string(),
});
export type LiveMonitorItem = z.infer<typeof liveMonitorItem>;

/**
 * A monitor's live state: what the list, the detail header and the tab title draw. Fields added
 * later are optional, so a client reads an older server's events, and an older client ignores them.
 */
export const liveMonitor = z.object({
  id: z.number().int(),
  is_enabled: z.boolean(),
  is_down: z.boolean(),
  /** A confirmation round is open: the latest check contradicted the state (issue 13). */
  confirming: z.boolean(),
  last_check_at: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  last_status: z.string().nullable(),
  is_flapping: z.boolean(),
  is_slow: z.boolean(),
  /** When the open downtime began; null while none is open. */
  downtime_from: z.string().nullable(),
  /** Signed-in streams only: why the open downtime began (a failed assertion's words); null without one. */
  downtime_reason: z.string().nullable().optional(),
  /** While a maintenance window covers now: when it ends; null otherwise. Pushed as a window starts and ends. */
  in_maintenance_until: z.string().nullable().optional(),
  /** Signed-in streams only: the list item's fields (see liveMonitorItem). */
  item: liveMonitorItem.optional(),
});
export type LiveMonitor = z.infer<typeof liveMonitor>;

export const liveRemoved = z.object({ id: z.number().int() });

export const liveReady = z.object({
  /** Every monitor the stream covers. */
  ids: z.array(z.number().int()),
  /** Those of them that are enabled and down now. */
  down: z.array(z.number().int()),
});
export type LiveReady = z.infer<typeof liveReady>;

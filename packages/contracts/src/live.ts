import { z } from 'zod';

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

/** A monitor's live state: what the list, the detail header and the tab title draw. */
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

import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { monitors } from './monitors';

/**
 * A HEARTBEAT monitor's pings (modules/heartbeats): written by the ping endpoint and the lateness
 * sweep under the monitor_states row lock, kept apart from `monitors` so a ping does not announce a
 * monitor change to every replica's caches.
 */
export const heartbeatStates = pgTable(
  'heartbeat_states',
  {
    monitorId: integer('monitor_id')
      .primaryKey()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    /** When the monitor is late unless a success arrives first; null before the first ping and once late or failed. */
    deadline: timestamp('deadline', { withTimezone: true }),
    /** When a `/start` came and its success is awaited (the runtime runs from here). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    lastPingAt: timestamp('last_ping_at', { withTimezone: true }),
    lastPingKind: text('last_ping_kind', { enum: ['success', 'start', 'fail'] }),
    /** The first KB of the last ping's body, cleaned (contracts/edge-values cleanText). */
    lastPingNote: text('last_ping_note'),
  },
  // The armed deadlines alone, for the lateness sweep's look for overdue ones.
  (table) => [index('heartbeat_states_deadline_idx').on(table.deadline).where(sql`deadline IS NOT NULL`)],
);

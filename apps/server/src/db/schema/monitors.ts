import type { AlertChannelKey } from '@paydar/contracts/alert-channels';
import { MONITOR_EVENT_KINDS } from '@paydar/contracts/alert-events';
import { type AlertRules, DEFAULT_ALERT_RULES } from '@paydar/contracts/alert-rules';
import type { CertificateWarningFacts } from '@paydar/contracts/certificate';
import { DEFAULT_ACCEPTED_STATUSES, type HttpAssertion } from '@paydar/contracts/http-assertions';
import { PROTOCOL_TYPES } from '@paydar/contracts/monitors-options';
import type { SlowAlertRule } from '@paydar/contracts/slow-alert';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { probers } from './probers';
import { users } from './users';

export type HttpHeader = { key: string; value: string };
export type AlertChannelRef = { type: AlertChannelKey; value: string };

export const monitors = pgTable(
  'monitors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    protocolType: text('protocol_type', { enum: PROTOCOL_TYPES }).notNull(),
    /** HTTP only. */
    url: text('url'),
    /** ICMP, TCP (host:port) and DNS. */
    host: text('host'),
    alias: text('alias'),
    periodSeconds: integer('period_seconds').notNull(),
    apdexMs: integer('apdex_ms').notNull(),
    httpMethod: text('http_method', { enum: ['GET', 'POST', 'PUT', 'DELETE', 'HEAD'] })
      .notNull()
      .default('GET'),
    httpHeaders: jsonb('http_headers').$type<HttpHeader[]>().notNull().default([]),
    httpBody: text('http_body'),
    /** HTTP assertions (issue 17); the defaults are the check as it was before them. Codes and ranges, written the one way. */
    httpAcceptedStatuses: text('http_accepted_statuses').notNull().default(DEFAULT_ACCEPTED_STATUSES),
    /** Keyword, JSON body and header assertions (contracts/http-assertions), at most 10. */
    httpAssertions: jsonb('http_assertions').$type<HttpAssertion[]>().notNull().default([]),
    httpFollowRedirects: boolean('http_follow_redirects').notNull().default(true),
    /** Seconds a check waits; null: the period, at most 30 s. */
    timeoutSeconds: integer('timeout_seconds'),
    dnsQueryName: text('dns_query_name'),
    dnsQueryType: text('dns_query_type').notNull().default('A'),
    alert: jsonb('alert').$type<AlertChannelRef[]>().notNull().default([]),
    /** When its downtimes are told (contracts/alert-rules); existing monitors got the defaults. */
    alertRules: jsonb('alert_rules').$type<AlertRules>().notNull().default(DEFAULT_ALERT_RULES),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    isEnabled: boolean('is_enabled').notNull().default(true),
    isProtected: boolean('is_protected').notNull().default(false),
    /** The demo account's showcase (modules/demo): generated history, never polled, only on demo probers. */
    isDemo: boolean('is_demo').notNull().default(false),
    /** The slow-response alert rule (contracts/slow-alert); null: none, the default. */
    slowAlert: jsonb('slow_alert').$type<SlowAlertRule>(),
    /** Days before an HTTPS monitor's certificate expires to warn at (contracts/certificate), largest first. */
    certificateExpiryDays: smallint('certificate_expiry_days')
      .array()
      .notNull()
      .default(sql`'{30,14,7,1}'::smallint[]`),
    /** HEARTBEAT only: seconds a ping may be late (modules/heartbeats). */
    graceSeconds: integer('grace_seconds'),
    /** HEARTBEAT only: the SHA-256 of the secret in its ping URL (modules/heartbeats), never the secret. */
    pingTokenHash: text('ping_token_hash'),
    /** HEARTBEAT only: the secret's first characters, to tell URLs apart on screen. */
    pingTokenPrefix: text('ping_token_prefix'),
    /** Share token: random, unguessable. */
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('monitors_user_created_idx').on(table.userId, table.createdAt),
    uniqueIndex('monitors_token_unique').on(table.token),
    uniqueIndex('monitors_ping_token_hash_unique').on(table.pingTokenHash),
  ],
);

export const monitorProbers = pgTable(
  'monitor_probers',
  {
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    proberId: integer('prober_id')
      .notNull()
      .references(() => probers.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.monitorId, table.proberId] }),
    index('monitor_probers_prober_idx').on(table.proberId),
  ],
);

/** One prober's latest verdict on a monitor (times in epoch milliseconds), kept in monitor_states. */
export interface StoredProberState {
  proberId: number;
  lastTime: number;
  lastSuccess: boolean;
  /** Failures in a row up to the latest result; 0 after a success. */
  consecutiveFailures: number;
  /** When the current run of failures began; null after a success. */
  failingSince: number | null;
}

/**
 * Stamps every change of a monitor's live state (modules/live): a browser that reconnects says the
 * last stamp it saw (`Last-Event-ID`) and gets the state rows stamped after it.
 */
export const monitorChangeSeq = pgSequence('monitor_change_seq');

/**
 * The current state of a monitor, kept at ingest: read by the metric call instead of raw records.
 * Each prober's latest verdict (the down/up decision's input) lives in the same row, so a batch
 * locks, reads and writes one row per monitor. Its migration sets fillfactor 50 so those
 * rewrites stay on their page (drizzle cannot declare table storage parameters).
 */
export const monitorStates = pgTable(
  'monitor_states',
  {
    monitorId: integer('monitor_id')
      .primaryKey()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    isDown: boolean('is_down').notNull().default(false),
    stateSince: timestamp('state_since', { withTimezone: true }),
    firstCheckAt: timestamp('first_check_at', { withTimezone: true }),
    lastCheckAt: timestamp('last_check_at', { withTimezone: true }),
    lastStatusCode: smallint('last_status_code'),
    lastStatus: text('last_status'),
    proberStates: jsonb('prober_states').$type<StoredProberState[]>().notNull().default([]),
    /** When the open confirmation round began; null when none is open (the monitor shows "failing, confirming"). */
    confirmingSince: timestamp('confirming_since', { withTimezone: true }),
    /** When that round opened on the server's clock; its wait for silent probers runs from there. */
    confirmingOpenedAt: timestamp('confirming_opened_at', { withTimezone: true }),
    /**
     * When the live state last changed, from monitor_change_seq: ingest stamps a batch's rows with
     * one value; triggers stamp any other write, and the monitor's own edits (migration live_change_seq).
     * Not indexed, so the per-batch rewrites stay heap-only.
     */
    changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(sql`nextval('monitor_change_seq')`),
  },
  // The open rounds alone, for the confirmation sweep's look for overdue ones (a handful of rows).
  (table) => [
    index('monitor_states_confirming_idx').on(table.confirmingOpenedAt).where(sql`confirming_opened_at IS NOT NULL`),
  ],
);

/** One check in a slow state's window, compact: [time (epoch ms), duration (ms), 1 success / 0 failure]. */
export type StoredSlowCheck = [number, number, 0 | 1];

/**
 * A monitor's slow-response state (issue 14, item 4), kept by ingest for monitors with a rule only,
 * updated under the monitor_states row lock of the same batch. `rule` is the rule the window was
 * built for: a different rule on the monitor starts over (an edit also deletes the row). Its
 * migration sets fillfactor 50, as monitor_states', so the per-batch rewrites stay on their page.
 */
export const monitorSlowStates = pgTable('monitor_slow_states', {
  monitorId: integer('monitor_id')
    .primaryKey()
    .references(() => monitors.id, { onDelete: 'cascade' }),
  rule: jsonb('rule').$type<SlowAlertRule>().notNull(),
  isSlow: boolean('is_slow').notNull().default(false),
  /** When it turned slow; null when it is not. */
  since: timestamp('since', { withTimezone: true }),
  /** Why it is slow, as the `slow` event said; null when it is not. */
  reason: text('reason'),
  /** The latest checks the rule looks at, oldest first: at most the rule's `checks` (≤ 100). */
  recentChecks: jsonb('recent_checks').$type<StoredSlowCheck[]>().notNull().default([]),
});

export const downtimes = pgTable(
  'downtimes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    fromTime: timestamp('from_time', { withTimezone: true }).notNull(),
    /** Null while the monitor is still down. */
    toTime: timestamp('to_time', { withTimezone: true }),
    /** What ended it: 'recovery' (an 'up' event, alerted), 'pause' (the monitor was disabled) or 'maintenance' (a window began); the last two alert nothing. */
    endedBy: text('ended_by', { enum: ['recovery', 'pause', 'maintenance'] }),
    /** Why it began, as its 'down' event says (a status, a failed assertion …); null for downtimes from before it was kept. */
    reason: text('reason'),
  },
  (table) => [
    index('downtimes_monitor_from_idx').on(table.monitorId, table.fromTime),
    uniqueIndex('downtimes_one_open_per_monitor').on(table.monitorId).where(sql`to_time IS NULL`),
  ],
);

/**
 * The spans a monitor was paused (disabled by its owner or by the end of a plan): neither up nor
 * down. Written in the transaction that switches the monitor off or on; `ended_at` null while paused.
 */
export const monitorPauses = pgTable(
  'monitor_pauses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('monitor_pauses_monitor_started_idx').on(table.monitorId, table.startedAt),
    uniqueIndex('monitor_pauses_one_open_per_monitor').on(table.monitorId).where(sql`ended_at IS NULL`),
  ],
);

/**
 * Per monitor × prober × quarter hour (UTC quarters, :00 :15 :30 :45), kept current at ingest: what
 * every metric is computed from. Every real zone's midnight and hour fall on a quarter (+05:45 is
 * the finest offset in use), so a local day or local hour is a whole number of rows (issue 26).
 */
export const quarterRollups = pgTable(
  'quarter_rollups',
  {
    monitorId: integer('monitor_id').notNull(),
    proberId: integer('prober_id').notNull(),
    quarter: timestamp('quarter', { withTimezone: true }).notNull(),
    checks: integer('checks').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    satisfied: integer('satisfied').notNull().default(0),
    tolerating: integer('tolerating').notNull().default(0),
    frustrated: integer('frustrated').notNull().default(0),
    // Counts per response-time bucket (spec §9: ≤125, ≤250, ≤500 ms, ≤1, ≤2, ≤4, ≤8 s, above), successful checks only.
    // Eight columns rather than an array so ingest can add to them in one ON CONFLICT.
    bucket0: integer('bucket_0').notNull().default(0),
    bucket1: integer('bucket_1').notNull().default(0),
    bucket2: integer('bucket_2').notNull().default(0),
    bucket3: integer('bucket_3').notNull().default(0),
    bucket4: integer('bucket_4').notNull().default(0),
    bucket5: integer('bucket_5').notNull().default(0),
    bucket6: integer('bucket_6').notNull().default(0),
    bucket7: integer('bucket_7').notNull().default(0),
    durationSum: real('duration_sum').notNull().default(0),
    resolveSum: real('resolve_sum').notNull().default(0),
    resolveCount: integer('resolve_count').notNull().default(0),
    connectSum: real('connect_sum').notNull().default(0),
    connectCount: integer('connect_count').notNull().default(0),
    tlsSum: real('tls_sum').notNull().default(0),
    tlsCount: integer('tls_count').notNull().default(0),
    responseSum: real('response_sum').notNull().default(0),
    responseCount: integer('response_count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.monitorId, table.quarter, table.proberId] })],
);

/**
 * Per monitor, a counter that a trigger on quarter_rollups (migration 0040) moves whenever a
 * statement writes a quarter more than 22 hours before the database's clock: a late result, for a
 * day before every zone's yesterday. The metric keeps its days before the reader's yesterday under
 * this counter (modules/metrics/past-days-apdex.ts), so an ordinary check recomputes only the last
 * two days. No row: never written late (0). No foreign key, like quarter_rollups: a late result for
 * a monitor deleted meanwhile still lands.
 */
export const rollupHistoryVersions = pgTable('rollup_history_versions', {
  monitorId: integer('monitor_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Down and up transitions and the other alertable events (contracts/alert-events), written in the
 * transaction that decides them: the outbox the alerting jobs read, so an event is never lost
 * between the decision and its alerts.
 */
export const monitorEvents = pgTable(
  'monitor_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MONITOR_EVENT_KINDS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Why, in words a user reads (a status code, an error, a timing), when the producer knows. */
    reason: text('reason'),
    /** A `certificate_expiry` event's facts: the certificate's host, its valid-to, the days left and the threshold. */
    certificate: jsonb('certificate').$type<CertificateWarningFacts>(),
    downtimeId: integer('downtime_id').references(() => downtimes.id, { onDelete: 'set null' }),
    /**
     * Who wrote it: 'ingest' (the truth: a down/up transition, a slow response) or 'rules' (what the
     * alert rules decided to tell of the transitions). Dispatch hands ingest's down/up to the rules
     * (modules/alert-rules) and sends everything else as it is.
     */
    origin: text('origin', { enum: ['ingest', 'rules'] })
      .notNull()
      .default('ingest'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [index('monitor_events_unprocessed_idx').on(table.id).where(sql`processed_at IS NULL`)],
);

/**
 * The keys of the prober failures counted in prober_health_hours: a result sent again (the agent's
 * buffer resends a batch whose answer was lost) is found here and not counted twice, as
 * probe_records dedupes the results it stores. Kept as long as ingest accepts a result's time.
 */
export const proberFailureRecords = pgTable(
  'prober_failure_records',
  {
    monitorId: integer('monitor_id')
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    proberId: integer('prober_id')
      .notNull()
      .references(() => probers.id, { onDelete: 'cascade' }),
    time: timestamp('time', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.monitorId, table.proberId, table.time] })],
);

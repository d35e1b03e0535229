import { z } from 'zod';
import { ALERT_CHANNEL_KEYS } from './alert-channels';
import { alertRules } from './alert-rules';
import { certificateExpiryDays, monitorCertificate } from './certificate';
import { int4Id } from './edge-values';
import { acceptedStatuses, DEFAULT_ACCEPTED_STATUSES, httpAssertion, httpAssertions } from './http-assertions';
import { httpHeader } from './http-headers';
import {
  APDEX_OPTIONS_SECONDS,
  DNS_QUERY_TYPES,
  HEARTBEAT_PERIOD_OPTIONS_SECONDS,
  MAX_HEARTBEAT_GRACE_SECONDS,
  MONITOR_HTTP_METHODS,
  PROTOCOL_TYPES,
} from './monitors-options';
import { slowAlertField, slowStatus } from './slow-alert';

/** The form's text when a required field is empty (spec §5). */
export const FILL_ALL_FIELDS = 'Please fill all fields.';

const alertChannelRef = z.strictObject({
  type: z.enum(Object.values(ALERT_CHANNEL_KEYS)),
  value: z.string().trim().min(1).max(300),
});
/** Probers are named by id; the web may send the objects it got back (`{id, name}`). */
const proberRef = z.union([int4Id, z.object({ id: int4Id }).loose()], {
  message: 'Name each prober by its id (or {id}) from the prober list.',
});

/**
 * One of the form's options. The range checks stop at the first failure; the `enum` tells the API
 * document the values taken, not just their bounds (issue 37: `period` read as any number 5–604800).
 */
const oneOf = (values: readonly number[], label: string) => {
  const message = `Choose one of: ${values.join(', ')} ${label}.`;
  return z
    .number()
    .min(Math.min(...values), { message, abort: true })
    .max(Math.max(...values), { message, abort: true })
    .refine((value) => values.includes(value), { message })
    .meta({ enum: [...values] });
};

/** The longest a check may wait for its answer, in seconds: never more than its period either. */
export const MAX_TIMEOUT_SECONDS = 30;

/** HTTP assertions (issue 17): what the answer must hold. The defaults are the check as it was before them. */
const httpAssertionFields = {
  http_accepted_statuses: acceptedStatuses.default(DEFAULT_ACCEPTED_STATUSES),
  http_assertions: httpAssertions
    .default([])
    .meta({ description: 'Keyword, JSON body and response header assertions; all must hold.' }),
  http_follow_redirects: z.boolean().default(true),
  // The range first, stopping there, so 1e300 gets one message.
  timeout: z
    .number()
    .min(1, { message: `Enter whole seconds from 1 to ${MAX_TIMEOUT_SECONDS}.`, abort: true })
    .max(MAX_TIMEOUT_SECONDS, { message: `Enter whole seconds from 1 to ${MAX_TIMEOUT_SECONDS}.`, abort: true })
    .int({ message: `Enter whole seconds from 1 to ${MAX_TIMEOUT_SECONDS}.` })
    .nullish()
    .meta({
      description: `Seconds a check waits for the answer; null: the period, at most ${MAX_TIMEOUT_SECONDS} s. At most the period.`,
    }),
};

/** The editable fields of a monitor; POST requires the target, PUT ignores protocol and address. */
export const monitorInput = z.strictObject({
  protocol_type: z.enum(PROTOCOL_TYPES).default('HTTP'),
  url: z.string().trim().max(2048).nullish(),
  host: z.string().trim().max(255).nullish(),
  alias: z.string().trim().max(100).nullish(),
  period: oneOf(HEARTBEAT_PERIOD_OPTIONS_SECONDS, 'seconds').meta({
    description:
      'Seconds between checks: 5, 15, 30, 60, 180, 300, 600 or 1800; a HEARTBEAT monitor also takes 3600, 21600, 43200, 86400 and 604800.',
  }),
  apdex: oneOf(APDEX_OPTIONS_SECONDS, 'seconds').optional().meta({
    description: 'Seconds of the apdex threshold T; required, except for a HEARTBEAT monitor (0.5 when absent).',
  }),
  http_method: z.enum(MONITOR_HTTP_METHODS).default('GET'),
  http_headers: z.array(httpHeader).max(50).default([]),
  http_body: z.string().max(65_536).nullish(),
  probers: z.array(proberRef).max(100).default([]).meta({
    description: 'At least one, except for a HEARTBEAT monitor, which no prober checks (probers given are ignored).',
  }),
  grace: z
    .number()
    .int({ message: 'Enter the grace in whole seconds.' })
    .min(0, { message: 'The grace cannot be negative.', abort: true })
    .max(MAX_HEARTBEAT_GRACE_SECONDS, { message: 'The grace can be at most 7 days.', abort: true })
    .nullish()
    .meta({
      description:
        'HEARTBEAT only: seconds a ping may be late before the monitor is down (0 to 604800; absent: 300 on create, unchanged on edit).',
    }),
  ...httpAssertionFields,
  alert: z.array(alertChannelRef).max(50).optional().meta({
    description:
      "The channels this monitor alerts. Absent on create: the account's verified email address(es); absent on edit: unchanged. `[]` alerts no one.",
  }),
  alert_rules: alertRules.optional().meta({
    description: 'When its downtimes are told. Absent on create: the defaults; absent on edit: unchanged.',
  }),
  labels: z.array(z.string().trim().min(1).max(50)).max(20).default([]),
  is_enabled: z.boolean().default(true),
  dns_query_name: z.string().trim().max(253).nullish(),
  dns_query_type: z.enum(DNS_QUERY_TYPES).default('A'),
  /** Left out on edit: the monitor keeps its rule; null: none (the default on create). */
  slow_alert: slowAlertField.optional().meta({
    description: 'Slow-response alert rule; null: none (the default on create); left out on edit: kept as it is.',
  }),
  certificate_expiry_days: certificateExpiryDays.optional().meta({
    description:
      'HTTPS monitors: days before the TLS certificate expires to warn at, each once per certificate (1–365, at most 6). Absent on create: 30, 14, 7 and 1; absent on edit: unchanged. `[]`: never.',
  }),
  /** Sent back by the web on edit; the server ignores it. */
  data: z.unknown().optional(),
  id: int4Id.optional(),
});
export type MonitorInput = z.infer<typeof monitorInput>;

/** The fields PATCH may change: the editable ones, each optional and without the create defaults. */
const PATCHABLE = [
  'alias',
  'period',
  'apdex',
  'http_method',
  'http_headers',
  'http_body',
  'http_accepted_statuses',
  'http_assertions',
  'http_follow_redirects',
  'timeout',
  'probers',
  'alert',
  'alert_rules',
  'labels',
  'is_enabled',
  'dns_query_name',
  'dns_query_type',
  'slow_alert',
  'certificate_expiry_days',
  'grace',
] as const satisfies ReadonlyArray<keyof typeof monitorInput.shape>;

const withoutDefault = (schema: z.ZodType): z.ZodType =>
  schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema;

/**
 * PATCH: only the fields sent change, each checked as PUT checks it; protocol and address are not
 * editable (add a new monitor), so they are refused as unknown fields.
 */
export const monitorPatch = z
  .strictObject(
    Object.fromEntries(
      PATCHABLE.map((key) => [key, withoutDefault(monitorInput.shape[key] as z.ZodType).optional()]),
    ) as {
      [K in (typeof PATCHABLE)[number]]: z.ZodOptional<z.ZodType<NonNullable<MonitorInput[K]> | MonitorInput[K]>>;
    },
  )
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Send at least one field to change.' });
export type MonitorPatch = Partial<Pick<MonitorInput, (typeof PATCHABLE)[number]>>;

export const proberSummary = z.object({ id: z.number().int(), name: z.string() });

/** What a HEARTBEAT monitor's detail shows of its pings (times ISO 8601). */
export const heartbeatStatus = z.object({
  grace: z.number().int(),
  /** The ping URL with its secret cut to a prefix: the whole URL is shown once (`ping_url`), at creation or regeneration. */
  ping_url_hint: z.string(),
  last_ping_at: z.string().nullable(),
  last_ping_kind: z.enum(['success', 'start', 'fail']).nullable(),
  /** The start of the first few KB of the last ping's body, cleaned; null without one. */
  last_ping_note: z.string().nullable(),
  /** When a `/start` was received and its success is awaited. */
  started_at: z.string().nullable(),
  /** When the monitor is down unless a success arrives first; null before the first ping or while down. */
  expected_by: z.string().nullable(),
});
export type HeartbeatStatus = z.infer<typeof heartbeatStatus>;

export const monitor = z.object({
  id: z.number().int(),
  protocol_type: z.enum(PROTOCOL_TYPES),
  url: z.string().nullable(),
  host: z.string().nullable(),
  alias: z.string().nullable(),
  period: z.number(),
  apdex: z.number(),
  http_method: z.enum(MONITOR_HTTP_METHODS),
  http_headers: z.array(z.object({ key: z.string(), value: z.string() })),
  http_body: z.string().nullable(),
  http_accepted_statuses: z.string(),
  http_assertions: z.array(httpAssertion),
  http_follow_redirects: z.boolean(),
  /** Seconds; null: the period, at most 30 s. */
  timeout: z.number().int().nullable(),
  probers: z.array(proberSummary),
  alert: z.array(alertChannelRef),
  alert_rules: alertRules,
  /** Flap damping holds its alerts (issue 14): more state changes than the rules allow in their window. */
  is_flapping: z.boolean().meta({ description: 'The monitor is flapping: its alerts wait until it is stable.' }),
  labels: z.array(z.string()),
  is_enabled: z.boolean(),
  is_protected: z.boolean(),
  token: z.string(),
  name: z.string(),
  creation_time: z.string(),
  terminal_command: z.string(),
  dns_query_name: z.string().nullable(),
  dns_query_type: z.enum(DNS_QUERY_TYPES),
  last_status_code: z.number().int().nullable(),
  last_status: z.string().nullable(),
  slow_alert: slowAlertField,
  slow: slowStatus,
  certificate_expiry_days: z.array(z.number().int()),
  certificate: monitorCertificate.nullable(),
  heartbeat: heartbeatStatus.nullable().meta({ description: 'HEARTBEAT monitors only; null for the others.' }),
  ping_url: z.string().nullable().optional().meta({
    description:
      'HEARTBEAT only, in the answer that made its token (create, regenerate): the secret ping URL, shown once; it is stored hashed.',
  }),
});
export type Monitor = z.infer<typeof monitor>;

export const prober = z.object({
  id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  disabled: z.boolean(),
  datacenter: z.object({ country_code: z.string(), name: z.string() }),
  /**
   * How the prober itself fares, from counters kept per hour: checks it reported since `since` (the
   * start of the previous UTC hour) and how many of them failed through its own fault (tool missing,
   * out of sockets …), which never count against a monitor.
   */
  health: z.object({
    last_seen_at: z.string().nullable(),
    since: z.string(),
    checks: z.number().int(),
    prober_failures: z.number().int(),
  }),
});
export type Prober = z.infer<typeof prober>;

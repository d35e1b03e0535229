import { z } from 'zod';
import { DNS_QUERY_TYPES, MONITOR_HTTP_METHODS, PROTOCOL_TYPES } from './monitors-options';

/**
 * The agent protocol: what a prober is told to check, and what it reports back.
 * Times are ISO 8601 UTC on the wire; durations are milliseconds.
 */

export const checkSpec = z.object({
  monitor_id: z.number().int(),
  protocol: z.enum(PROTOCOL_TYPES),
  /** URL for HTTP; host for ICMP and DNS; host:port for TCP. */
  target: z.string(),
  period_seconds: z.number().int().positive(),
  timeout_ms: z.number().int().positive(),
  http: z
    .object({
      method: z.enum(MONITOR_HTTP_METHODS),
      headers: z.array(z.object({ key: z.string(), value: z.string() })),
      body: z.string().nullable(),
      max_redirects: z.number().int().min(0),
    })
    .optional(),
  dns: z
    .object({
      query_name: z.string(),
      query_type: z.enum(DNS_QUERY_TYPES),
      /** host:port of the resolver to ask; the system's when absent. */
      resolver: z.string().optional(),
    })
    .optional(),
});
export type CheckSpec = z.infer<typeof checkSpec>;

/** Phase timings in ms; a phase that did not happen (no TLS, failed before it) is null. */
export const phases = z.object({
  resolve: z.number().nullable(),
  connect: z.number().nullable(),
  tls: z.number().nullable(),
  /** Time to first byte, from the request being sent. */
  response: z.number().nullable(),
  /** Total. */
  duration: z.number(),
});
export type Phases = z.infer<typeof phases>;

export const checkResult = z.object({
  monitor_id: z.number().int(),
  /** When the check started (the scheduled slot), ISO 8601. Ingest is idempotent on (monitor, prober, time). */
  time: z.string(),
  success: z.boolean(),
  /** HTTP status code, when a response came. */
  status_code: z.number().int().nullable(),
  /** A short human error when it failed: "connection refused", "timeout after 30 s", "NXDOMAIN". */
  error: z.string().nullable(),
  phases,
  /** Protocol details: TLS certificate expiry and issuer, DNS answers, ping output, redirects. */
  extra_info: z.record(z.string(), z.unknown()),
});
export type CheckResult = z.infer<typeof checkResult>;

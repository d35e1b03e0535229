import { z } from 'zod';
import { edgeText, findUnsafeValue, int4Id } from './edge-values';
import { HTTP_ASSERTION_LIMITS, httpAssertions } from './http-assertions';
import { DNS_QUERY_TYPES, MONITOR_HTTP_METHODS, PROBED_PROTOCOL_TYPES } from './monitors-options';

/**
 * The agent protocol: what a prober is told to check, and what it reports back.
 * Times are ISO 8601 UTC on the wire; durations are milliseconds.
 */

/** Whose failure a failed check is. */
export const FAILURE_CLASSES = ['target', 'prober'] as const;
export type FailureClass = (typeof FAILURE_CLASSES)[number];

export const checkSpec = z.object({
  monitor_id: z.number().int(),
  protocol: z.enum(PROBED_PROTOCOL_TYPES),
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
      /**
       * Issue 17. Accepted final statuses as [low, high] ranges; absent: 200–399. Agents from before
       * it drop these two fields (zod strips unknown keys) and judge status < 400, without assertions.
       */
      accepted_statuses: z
        .array(z.tuple([z.number().int(), z.number().int()]))
        .max(HTTP_ASSERTION_LIMITS.statusRanges)
        .optional(),
      /** Keyword, JSON body and header assertions; all must hold. */
      assertions: httpAssertions.optional(),
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

/**
 * Bounds of a check result (CONVENTIONS.md §13). Checks clean what they report to fit them
 * (packages/checks/src/result.ts) and the agent API refuses, one by one, the results beyond them.
 */
export const RESULT_LIMITS = {
  /** Characters of `error`. */
  errorLength: 1_000,
  /** Characters of any string inside `extra_info` (ping's output is kept up to 2 KiB). */
  textLength: 2_048,
  /** Items of any array inside `extra_info` (DNS answers, redirects). */
  arrayLength: 100,
  /** `extra_info` as JSON, in characters. */
  extraInfoLength: 32_768,
  /** A phase or total: a day in milliseconds is far beyond any check's timeout. */
  phaseMs: 86_400_000,
  /** HTTP's status codes. */
  statusCode: { min: 100, max: 599 },
} as const;

const phaseMs = z.number().min(0).max(RESULT_LIMITS.phaseMs);

/** Phase timings in ms; a phase that did not happen (no TLS, failed before it) is null. */
export const phases = z.object({
  resolve: phaseMs.nullable(),
  connect: phaseMs.nullable(),
  tls: phaseMs.nullable(),
  /** Time to first byte, from the request being sent. */
  response: phaseMs.nullable(),
  /** Total. */
  duration: phaseMs,
});
export type Phases = z.infer<typeof phases>;

/** Protocol details, held to the edge rule: safe text and finite numbers, bounded in size. */
const extraInfo = z.record(z.string(), z.unknown()).superRefine((value, context) => {
  const unsafe = findUnsafeValue(value);
  if (unsafe) {
    context.addIssue({ code: 'custom', path: unsafe.field.split('.'), message: unsafe.message });
    return;
  }
  if (JSON.stringify(value).length > RESULT_LIMITS.extraInfoLength) {
    context.addIssue({
      code: 'custom',
      message: `Must be at most ${RESULT_LIMITS.extraInfoLength} characters as JSON.`,
    });
  }
});

export const checkResult = z.object({
  monitor_id: int4Id,
  /** When the check started (the scheduled slot), ISO 8601. Ingest is idempotent on (monitor, prober, time). */
  time: z.iso.datetime({ offset: true }).max(40),
  success: z.boolean(),
  /** HTTP status code, when a response came. */
  status_code: z.number().int().min(RESULT_LIMITS.statusCode.min).max(RESULT_LIMITS.statusCode.max).nullable(),
  /** A short human error when it failed: "connection refused", "timeout after 30 s", "NXDOMAIN". */
  error: edgeText(RESULT_LIMITS.errorLength).nullable(),
  phases,
  /** Protocol details: TLS certificate expiry and issuer, DNS answers, ping output, redirects. */
  extra_info: extraInfo,
  /**
   * Whose failure a failed check is: the target's (refused, timeout, bad status, NXDOMAIN …) or the
   * prober's own (tool missing, out of sockets …). Only target failures count in the verdict; prober
   * failures feed the prober's health. Absent (older agents) or null on a failure means the target's.
   */
  failure_class: z.enum(FAILURE_CLASSES).nullable().optional(),
});
export type CheckResult = z.infer<typeof checkResult>;

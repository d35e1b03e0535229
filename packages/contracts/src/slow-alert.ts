import { z } from 'zod';

/**
 * Slow-response alerts (issue 14, item 4): a monitor may alert when it answers, but slowly. One of
 * two rules, or null for none (the default). The bounds are the server's and the form's alike.
 *
 * - `apdex`: slow when the apdex of the monitor's last `checks` checks (from all its probers, in
 *   time order) is below `below` (0–1, as a fraction, not a percentage); back when it is again at
 *   or above it.
 * - `response_time`: slow when `checks` successful checks in a row took longer than `above_ms`;
 *   back when as many in a row took at most that. Failed checks are skipped: failing is the
 *   downtime's business, not slowness.
 */
export const SLOW_ALERT_LIMITS = {
  apdexChecks: { min: 5, max: 100, default: 20 },
  apdexBelow: { min: 0.05, max: 0.99, default: 0.7 },
  responseChecks: { min: 1, max: 100, default: 5 },
  aboveMs: { min: 50, max: 60_000, default: 1000 },
} as const;

/** The most checks any rule looks back over: the slow state keeps no more than this many. */
export const SLOW_ALERT_MAX_CHECKS = 100;

export const SLOW_ALERT_RULES = ['apdex', 'response_time'] as const;
export type SlowAlertRuleKind = (typeof SLOW_ALERT_RULES)[number];

const between = (limits: { min: number; max: number }, what: string, whole: boolean) => {
  const message = `Enter ${whole ? 'a whole number' : 'a number'} from ${limits.min} to ${limits.max}${what}.`;
  const base = whole ? z.number({ message }).int({ message }) : z.number({ message });
  return base.min(limits.min, { message }).max(limits.max, { message });
};

export const apdexSlowRule = z.strictObject({
  rule: z.literal('apdex'),
  checks: between(SLOW_ALERT_LIMITS.apdexChecks, ' checks', true).describe(
    'How many of the latest checks (all probers, in time order) the apdex is taken over.',
  ),
  below: z
    .number({ message: 'Enter a number from 0.05 to 0.99.' })
    .min(SLOW_ALERT_LIMITS.apdexBelow.min, { message: 'Enter a number from 0.05 to 0.99.' })
    .max(SLOW_ALERT_LIMITS.apdexBelow.max, { message: 'Enter a number from 0.05 to 0.99.' })
    .describe('Slow when the apdex (0–1) over those checks is below this; back when at or above it.'),
});

export const responseTimeSlowRule = z.strictObject({
  rule: z.literal('response_time'),
  above_ms: between(SLOW_ALERT_LIMITS.aboveMs, ' ms', true).describe(
    'Slow when successful checks take longer than this many milliseconds (total duration).',
  ),
  checks: between(SLOW_ALERT_LIMITS.responseChecks, ' checks', true).describe(
    'How many successful checks in a row must be over (to alert) or at most (to recover) the limit. Failed checks are skipped.',
  ),
});

export const slowAlertRule = z
  .discriminatedUnion('rule', [apdexSlowRule, responseTimeSlowRule], {
    message: "Choose a rule: 'apdex' or 'response_time'.",
  })
  .meta({
    description:
      'Slow-response alert: a `slow` message when the rule is broken, `slow_recovered` when it holds again. No alert while the monitor is down.',
  });
export type SlowAlertRule = z.infer<typeof slowAlertRule>;

/** The monitor's field: a rule, or null for no slow-response alerts. */
export const slowAlertField = slowAlertRule.nullable();

/** Whether the monitor is slow now, shown on its detail; null when it is not. */
export const slowStatus = z
  .object({
    since: z.string().describe('When it turned slow (the time of the check that made it so), ISO 8601.'),
    reason: z.string().describe('Why, e.g. "Apdex 0.42 over the last 20 checks (threshold 0.70)."'),
  })
  .nullable()
  .meta({ description: 'Set while the monitor is slow by its slow-response rule; null otherwise.' });
export type SlowStatus = z.infer<typeof slowStatus>;

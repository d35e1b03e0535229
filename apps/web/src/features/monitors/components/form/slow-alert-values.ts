import {
  SLOW_ALERT_LIMITS,
  type SlowAlertRule,
  type SlowAlertRuleKind,
  slowAlertRule,
} from '@paydar/contracts/slow-alert';

/**
 * The "Slow response alerts" part of the monitor form (issue 14): its values, the rule they make
 * and the messages of its fields. The names match the API's (`slow_alert.checks` …), so a refusal
 * from the server lands under the same field. The bounds and texts are the server's
 * (contracts/slow-alert).
 */
export type SlowAlertFormValues = {
  enabled: boolean;
  rule: SlowAlertRuleKind;
  /** A NumberInput's value: a number, or '' when cleared. */
  checks: number | string;
  below: number | string;
  above_ms: number | string;
};

export const defaultChecksOf = (rule: SlowAlertRuleKind) =>
  rule === 'apdex' ? SLOW_ALERT_LIMITS.apdexChecks.default : SLOW_ALERT_LIMITS.responseChecks.default;

/** Off, with the defaults ready for when it is switched on. */
export const defaultSlowAlertValues = (): SlowAlertFormValues => ({
  enabled: false,
  rule: 'apdex',
  checks: SLOW_ALERT_LIMITS.apdexChecks.default,
  below: SLOW_ALERT_LIMITS.apdexBelow.default,
  above_ms: SLOW_ALERT_LIMITS.aboveMs.default,
});

/** The values an edit form starts with. */
export function slowAlertValuesOf(rule: SlowAlertRule | null | undefined): SlowAlertFormValues {
  const values = defaultSlowAlertValues();
  if (!rule) return values;
  if (rule.rule === 'apdex') return { ...values, enabled: true, rule: 'apdex', checks: rule.checks, below: rule.below };
  return { ...values, enabled: true, rule: 'response_time', checks: rule.checks, above_ms: rule.above_ms };
}

const numberOf = (value: number | string) => (value === '' ? Number.NaN : Number(value));

/** The API's `slow_alert`: null when off. Unchecked: see slowAlertErrors. */
export function slowAlertInputOf(values: SlowAlertFormValues): SlowAlertRule | null {
  if (!values.enabled) return null;
  if (values.rule === 'apdex') return { rule: 'apdex', checks: numberOf(values.checks), below: numberOf(values.below) };
  return { rule: 'response_time', above_ms: numberOf(values.above_ms), checks: numberOf(values.checks) };
}

/** The messages of the part's fields, by form path (`slow_alert.checks` …); empty when it may be saved. */
export function slowAlertErrors(values: SlowAlertFormValues): Record<string, string> {
  const rule = slowAlertInputOf(values);
  if (!rule) return {};
  const parsed = slowAlertRule.safeParse(rule);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = `slow_alert.${issue.path.join('.')}`;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The rule in a sentence, shown under the fields. */
export function slowAlertSummary(values: SlowAlertFormValues): string | null {
  const rule = slowAlertInputOf(values);
  if (!rule || !slowAlertRule.safeParse(rule).success) return null;
  if (rule.rule === 'apdex')
    return `Alerts when the apdex of the last ${rule.checks} checks falls below ${rule.below.toFixed(2)}, and when it is back.`;
  const run = rule.checks === 1 ? 'a check takes' : `${rule.checks} checks in a row take`;
  return `Alerts when ${run} longer than ${rule.above_ms.toLocaleString('en-US')} ms, and when as many are back under it. Failed checks are left to the down alerts.`;
}

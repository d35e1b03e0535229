import { PROTOCOL_TYPES } from '@paydar/contracts/monitors-options';
import { formatNumber, formatSeconds } from '@paydar/domain/format';
import { canAddMonitor, PLAN_LIMIT_TEXTS, type PlanLimitField, planIncludesProtocol } from '@paydar/domain/plan-limits';
import { planViolationsOf } from '../../hooks/use-monitor-form';
import type { MonitorFormOptions } from '../../hooks/use-monitor-form-options';
import type { MonitorFormValues } from './monitor-form-values';

/** What the form says about the plan beside its fields, before anything is submitted (issue 15). */
export type PlanHints = {
  /** "3 of 5 monitors used on Free"; null while the plan or the count is unknown, or when editing. */
  usage: string | null;
  /** Adding one more monitor breaks the plan: the form says so at once and Add is disabled. */
  atMonitorLimit: boolean;
  /** The limit's text for the disabled Add ("You can't add more than 5 monitors"). */
  monitorLimitText: string | null;
  /** The plan's rule beside a field, as its description. */
  describe: { period: string | null; probers: string | null; protocol: string | null };
  /** The plan's text under each field whose current value breaks it, as the user changes it. */
  errors: Partial<Record<PlanLimitField, string>>;
};

const NO_HINTS: PlanHints = {
  usage: null,
  atMonitorLimit: false,
  monitorLimitText: null,
  describe: { period: null, probers: null, protocol: null },
  errors: {},
};

export function planHintsOf(
  values: MonitorFormValues,
  options: Pick<MonitorFormOptions, 'plan' | 'planName' | 'probers' | 'monitorCount'>,
  mode: 'create' | 'edit',
): PlanHints {
  const { plan } = options;
  if (!plan) return NO_HINTS;
  const on = options.planName ? ` on ${options.planName}` : '';
  const max = plan.MAXIMUM_MONITOR_COUNT;
  const counted = mode === 'create' && options.monitorCount !== null;
  const atMonitorLimit = counted && !canAddMonitor(options.monitorCount ?? 0, plan);
  const errors: PlanHints['errors'] = {};
  for (const violation of planViolationsOf(values, options, mode)) {
    if (violation.field && !errors[violation.field]) errors[violation.field] = violation.message;
  }
  const unavailableProtocols = PROTOCOL_TYPES.filter((type) => !planIncludesProtocol(plan, type));
  return {
    usage: counted
      ? `${formatNumber(options.monitorCount ?? 0)} of ${formatNumber(max)} ${max === 1 ? 'monitor' : 'monitors'} used${on}`
      : null,
    atMonitorLimit,
    monitorLimitText: atMonitorLimit ? PLAN_LIMIT_TEXTS.monitorCount(max) : null,
    describe: {
      period: `At least ${formatSeconds(plan.MINIMUM_MONITOR_PERIOD)}${on}`,
      probers: `Up to ${formatNumber(plan.PROBERS)}${on}`,
      protocol: unavailableProtocols.length ? `${unavailableProtocols.join(', ')} not included${on}` : null,
    },
    errors,
  };
}

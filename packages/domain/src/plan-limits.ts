import type { MonitorHttpMethod, ProtocolType } from '@paydar/contracts/monitors-options';
import type { PlanSpecifications } from '@paydar/contracts/plans';
import { DEFAULT_STATUS_PAGE_SUBSCRIBER_LIMIT } from '@paydar/contracts/status-page-subscribers';
import { formatNumber, formatSeconds } from './format';

/**
 * A monitor being created or edited, checked against the owner's plan (spec §5 "Plan limits").
 * Every broken limit is reported — nothing throws — with the spec's exact text and the API field it
 * concerns, so the server can answer `{field: [message]}` and the web can show the texts as they are.
 *
 * Decisions where the spec is silent:
 * - More probers than the plan's PROBERS: "You can't select more than {n} probers", worded like the
 *   spec's count text; a disabled prober among them still gets 'Enabled probers can only be selected.'.
 * - Labels (groups) on a plan without MONITOR_GROUP: 'Your plan does not include monitor groups.'.
 * - The monitor count concerns no single field: its field is null (the server sends it as `detail`).
 *   It is checked on create only; every other limit applies to edits as well, so a plan downgrade
 *   is caught the next time the monitor is saved.
 * - The HTTP method is checked only for an HTTP monitor whose protocol the plan includes.
 * - A HEARTBEAT monitor is on every plan (no prober runs it, so it costs what any stored monitor
 *   costs) and has no probers; the count, the minimum period and groups apply to it as to the others.
 */

export type PlanLimitField = 'period' | 'probers' | 'protocol_type' | 'http_method' | 'labels';

export interface PlanViolation {
  /** The API field at fault; null for the monitor count, which belongs to no field. */
  field: PlanLimitField | null;
  message: string;
}

export const PLAN_LIMIT_TEXTS = {
  period: (minimumSeconds: number) => `You can't select fewer than ${formatSeconds(minimumSeconds)}`,
  disabledProbers: 'Enabled probers can only be selected.',
  tooManyProbers: (maximum: number) =>
    `You can't select more than ${formatNumber(maximum)} ${maximum === 1 ? 'prober' : 'probers'}`,
  protocol: 'Enabled protocols can only be selected.',
  method: 'Enabled methods can only be selected.',
  monitorCount: (maximum: number) => `You can't add more than ${formatNumber(maximum)} monitors`,
  groups: 'Your plan does not include monitor groups.',
  statusPageCount: (maximum: number) =>
    `You can't add more than ${formatNumber(maximum)} status ${maximum === 1 ? 'page' : 'pages'}`,
} as const;

export interface MonitorPlanInput {
  protocol_type: ProtocolType;
  /** Seconds. */
  period: number;
  /** Ids of the selected probers. */
  probers: readonly (number | string)[];
  http_method?: MonitorHttpMethod | null;
  labels?: readonly string[] | null;
}

export interface PlanCheckContext {
  plan: PlanSpecifications;
  /** Ids of the probers that may be selected (active and not disabled). */
  enabledProberIds: ReadonlySet<number | string>;
  /** Monitors the user already has; counted only when creating. */
  monitorCount: number;
  mode: 'create' | 'edit';
}

/** Whether the plan carries this protocol; HEARTBEAT is on every plan (no prober runs it). */
export function planIncludesProtocol(plan: PlanSpecifications, protocol: ProtocolType): boolean {
  return protocol === 'HEARTBEAT' || Boolean(plan.PROTOCOL[protocol]);
}

/** Whether one more monitor fits in the plan: fewer than MAXIMUM_MONITOR_COUNT exist. */
export function canAddMonitor(monitorCount: number, plan: PlanSpecifications): boolean {
  return monitorCount < plan.MAXIMUM_MONITOR_COUNT;
}

/** Every plan limit the monitor breaks, in a fixed order: count, protocol, method, period, probers, labels. */
export function checkPlanLimits(monitor: MonitorPlanInput, context: PlanCheckContext): PlanViolation[] {
  const { plan } = context;
  const violations: PlanViolation[] = [];
  if (context.mode === 'create' && !canAddMonitor(context.monitorCount, plan)) {
    violations.push({ field: null, message: PLAN_LIMIT_TEXTS.monitorCount(plan.MAXIMUM_MONITOR_COUNT) });
  }

  if (!planIncludesProtocol(plan, monitor.protocol_type)) {
    violations.push({ field: 'protocol_type', message: PLAN_LIMIT_TEXTS.protocol });
  } else if (monitor.protocol_type === 'HTTP') {
    const methods = plan.PROTOCOL.HTTP?.AVAILABLE_METHODS ?? [];
    if (!methods.includes(monitor.http_method ?? 'GET')) {
      violations.push({ field: 'http_method', message: PLAN_LIMIT_TEXTS.method });
    }
  }

  if (monitor.period < plan.MINIMUM_MONITOR_PERIOD) {
    violations.push({ field: 'period', message: PLAN_LIMIT_TEXTS.period(plan.MINIMUM_MONITOR_PERIOD) });
  }

  const selected = new Set(monitor.probers);
  if ([...selected].some((id) => !context.enabledProberIds.has(id))) {
    violations.push({ field: 'probers', message: PLAN_LIMIT_TEXTS.disabledProbers });
  }
  if (selected.size > plan.PROBERS) {
    violations.push({ field: 'probers', message: PLAN_LIMIT_TEXTS.tooManyProbers(plan.PROBERS) });
  }

  if (!plan.MONITOR_GROUP && (monitor.labels?.length ?? 0) > 0) {
    violations.push({ field: 'labels', message: PLAN_LIMIT_TEXTS.groups });
  }
  return violations;
}

/** Status pages the plan allows (issue 16); a plan stored before they existed allows one. */
export function statusPageLimit(plan: PlanSpecifications): number {
  return plan.STATUS_PAGES ?? 1;
}

/** Whether one more status page fits in the plan. */
export function canAddStatusPage(pageCount: number, plan: PlanSpecifications): boolean {
  return pageCount < statusPageLimit(plan);
}

/** Subscribers (confirmed and waiting) one status page may have; a plan stored before them allows the default. */
export function statusPageSubscriberLimit(plan: PlanSpecifications): number {
  return plan.STATUS_PAGE_SUBSCRIBERS ?? DEFAULT_STATUS_PAGE_SUBSCRIBER_LIMIT;
}

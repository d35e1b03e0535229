import type { PlanSpecifications } from '@paydar/contracts/plans';
import { displayName, type MonitorNaming } from './display-name';

/**
 * The monitor list's tools (spec §2, client state "filters (text, groups)"): a text search and a
 * group filter, the latter only on plans with the monitor-group feature.
 *
 * Decisions where the spec is silent:
 * - The text matches, ignoring case and surrounding spaces, anywhere in the name, the alias, the
 *   URL or host, or the name as shown ('HTTP:My site'); an empty text matches every monitor.
 * - Groups: a monitor passes when it has at least one of the chosen groups; none chosen passes all.
 */

export interface MonitorFilters {
  text: string;
  groups: readonly string[];
}

export const NO_FILTERS: MonitorFilters = { text: '', groups: [] };

export interface FilterableMonitor extends MonitorNaming {
  name?: string | null;
  labels?: readonly string[] | null;
}

/** Whether the plan lets its user put monitors in groups (spec §3 specifications.MONITOR_GROUP). */
export function hasMonitorGroups(plan: Pick<PlanSpecifications, 'MONITOR_GROUP'> | null | undefined): boolean {
  return plan?.MONITOR_GROUP === true;
}

export function matchesText(monitor: FilterableMonitor, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [monitor.name, monitor.alias, monitor.url, monitor.host, displayName(monitor)].some(
    (field) => typeof field === 'string' && field.toLowerCase().includes(needle),
  );
}

export function matchesGroups(monitor: FilterableMonitor, groups: readonly string[]): boolean {
  if (groups.length === 0) return true;
  const labels = monitor.labels ?? [];
  return groups.some((group) => labels.includes(group));
}

/** The monitors that pass both filters, in their original order. */
export function filterMonitors<T extends FilterableMonitor>(monitors: readonly T[], filters: MonitorFilters): T[] {
  if (!filters.text.trim() && filters.groups.length === 0) return [...monitors];
  return monitors.filter((monitor) => matchesText(monitor, filters.text) && matchesGroups(monitor, filters.groups));
}

/** Every group that can be filtered by: the user's own and those on monitors, once each, sorted. */
export function groupOptions(monitors: readonly FilterableMonitor[], userLabels: readonly string[] = []): string[] {
  const groups = new Set<string>(userLabels.map((label) => label.trim()).filter(Boolean));
  for (const monitor of monitors) for (const label of monitor.labels ?? []) if (label.trim()) groups.add(label.trim());
  return [...groups].sort((a, b) => a.localeCompare(b));
}

import type { ProtocolType } from '@paydar/contracts/monitors-options';

/**
 * How a monitor's state reads on screen (spec §4): a disabled monitor shows 'Disable' whatever its
 * figures say; an enabled one shows down when its data says so. Decisions where the spec is silent:
 * before any check (or before the figures have loaded) it is 'pending', not up.
 */

/** 'confirming': up, but a check failed and its probers are re-checking it (the confirmation round). */
export type MonitorStatus = 'disabled' | 'down' | 'confirming' | 'up' | 'pending';

/** How a monitor in a confirmation round reads (issue 13: never UP with a red status code). */
export const CONFIRMING_TEXT = 'Failing, confirming';

/** The text a disabled monitor shows (spec §4). */
export const DISABLED_TEXT = 'Disable';

export interface StatusFigures {
  is_down: boolean;
  /** A confirmation round is open (absent from figures that predate it). */
  confirming?: boolean;
  last_check_at: string | null;
}

export function monitorStatus(
  monitor: { is_enabled: boolean },
  figures: StatusFigures | null | undefined,
): MonitorStatus {
  if (!monitor.is_enabled) return 'disabled';
  if (!figures) return 'pending';
  if (figures.is_down) return 'down';
  if (figures.confirming) return 'confirming';
  return figures.last_check_at === null ? 'pending' : 'up';
}

export interface LastResultSource {
  last_status_code: number | null;
  last_status: string | null;
}

/**
 * The last result as shown (spec §3): the status code of an HTTP monitor, the status of the others;
 * null before the first check. The figures, once loaded, are newer than the monitor's own copy.
 */
export function lastResult(
  monitor: { protocol_type: ProtocolType } & LastResultSource,
  figures?: LastResultSource | null,
): string | null {
  const source = figures ?? monitor;
  if (monitor.protocol_type === 'HTTP') {
    return source.last_status_code === null ? null : String(source.last_status_code);
  }
  return source.last_status?.trim() ? source.last_status : null;
}

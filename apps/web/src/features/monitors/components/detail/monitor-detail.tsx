import type { PublicMonitor } from '@paydar/contracts/metrics';

export type MonitorDetailProps = {
  /** The owner's monitor, or a shared one (without alert channels, groups, headers and body). */
  monitor: PublicMonitor;
  /** Set on shared views: no refresh, no share, history within the owner's plan only (spec §6). */
  shared?: { prefix: string; token: string };
  /** On narrow screens, the way back to the list. */
  onBack?: () => void;
};

/** STUB — the monitor detail panel (issue 4 point 4) replaces this. */
export function MonitorDetail({ monitor }: MonitorDetailProps) {
  return <div>{monitor.name}</div>;
}

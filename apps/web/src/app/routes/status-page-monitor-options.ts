import type { MonitorSummary } from '@paydar/contracts/monitor-summary';
import { displayName, monitorTarget } from '@paydar/domain/display-name';
import type { PageMonitorOption } from '@/features/status-pages/components/editor/editor-values';

/**
 * The user's monitors as the status-page screens offer them. A new entry's public name is the
 * monitor's alias, never its address (visitors see an address only when the owner allows it).
 */
export function pageMonitorOptions(monitors: readonly MonitorSummary[]): PageMonitorOption[] {
  return monitors.map((monitor) => ({
    id: monitor.id,
    name: displayName(monitor),
    publicName: monitor.alias?.trim() || `${monitor.protocol_type} monitor`,
    target: monitorTarget(monitor),
  }));
}

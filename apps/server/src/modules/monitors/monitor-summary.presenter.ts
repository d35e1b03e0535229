import { compactSummary, type MonitorSummaryWire } from '@paydar/contracts/monitor-summary';
import type { MonitorListRow } from './monitors.repository';

/** A monitor as the list sends it (`GET /api/v1/monitors/`): the fields the list shows, the empty ones left out. */
export function presentMonitorSummary(row: MonitorListRow): MonitorSummaryWire {
  const isHttp = row.protocolType === 'HTTP';
  return compactSummary({
    id: row.id,
    protocol_type: row.protocolType,
    url: isHttp ? row.url : null,
    host: isHttp ? null : row.host,
    alias: row.alias,
    labels: row.labels,
    is_enabled: row.isEnabled,
    is_protected: row.isProtected,
    last_status_code: isHttp ? row.lastStatusCode : null,
    last_status: isHttp ? null : row.lastStatus,
    is_slow: row.isSlow === true,
    is_flapping: row.isFlapping ?? false,
  });
}

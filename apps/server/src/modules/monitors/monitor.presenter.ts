import type { Monitor } from '@paydar/contracts/monitors';
import type { DnsQueryType } from '@paydar/contracts/monitors-options';
import { displayName } from '@paydar/domain/display-name';
import { terminalCommand } from '@paydar/domain/terminal-command';
import { toCheckSpec } from './check-spec';
import type { MonitorWithRelations } from './monitors.repository';

export function presentMonitor({ monitor, probers, state, slow, isFlapping }: MonitorWithRelations): Monitor {
  const isHttp = monitor.protocolType === 'HTTP';
  const fields = {
    protocol_type: monitor.protocolType,
    url: isHttp ? monitor.url : null,
    host: isHttp ? null : monitor.host,
    alias: monitor.alias,
  };
  return {
    id: monitor.id,
    ...fields,
    period: monitor.periodSeconds,
    apdex: monitor.apdexMs / 1000,
    http_method: monitor.httpMethod,
    http_headers: monitor.httpHeaders,
    http_body: monitor.httpBody,
    http_accepted_statuses: monitor.httpAcceptedStatuses,
    http_assertions: monitor.httpAssertions,
    http_follow_redirects: monitor.httpFollowRedirects,
    timeout: monitor.timeoutSeconds,
    probers,
    alert: monitor.alert,
    alert_rules: monitor.alertRules,
    is_flapping: isFlapping,
    labels: monitor.labels,
    is_enabled: monitor.isEnabled,
    is_protected: monitor.isProtected,
    token: monitor.token,
    name: displayName(fields),
    creation_time: monitor.createdAt.toISOString(),
    terminal_command: terminalCommand(toCheckSpec(monitor)),
    dns_query_name: monitor.dnsQueryName,
    dns_query_type: monitor.dnsQueryType as DnsQueryType,
    last_status_code: isHttp ? (state?.lastStatusCode ?? null) : null,
    last_status: isHttp ? null : (state?.lastStatus ?? null),
    slow_alert: monitor.slowAlert ?? null,
    slow: slow ? { since: slow.since.toISOString(), reason: slow.reason } : null,
  };
}

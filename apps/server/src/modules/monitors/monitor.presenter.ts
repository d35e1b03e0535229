import type { Monitor } from '@paydar/contracts/monitors';
import type { DnsQueryType } from '@paydar/contracts/monitors-options';
import { displayName } from '@paydar/domain/display-name';
import { terminalCommand } from '@paydar/domain/terminal-command';
import { presentCertificate } from '../certificates/certificate.presenter';
import { pingUrlHint } from '../heartbeats/ping-token';
import { isProbed, toCheckSpec } from './check-spec';
import type { MonitorWithRelations } from './monitors.repository';

/** A HEARTBEAT monitor's pings as its detail shows them; null for the others. */
function presentHeartbeat({ monitor, heartbeat }: MonitorWithRelations, publicUrl: string): Monitor['heartbeat'] {
  if (monitor.protocolType !== 'HEARTBEAT') return null;
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
  return {
    grace: monitor.graceSeconds ?? 0,
    ping_url_hint: pingUrlHint(publicUrl, monitor.pingTokenPrefix ?? ''),
    last_ping_at: iso(heartbeat?.lastPingAt),
    last_ping_kind: heartbeat?.lastPingKind ?? null,
    last_ping_note: heartbeat?.lastPingNote ?? null,
    started_at: iso(heartbeat?.startedAt),
    expected_by: iso(heartbeat?.deadline),
  };
}

/**
 * The monitor as its owner sees it: `now` dates its certificate's days left, `publicUrl` is where
 * its ping URL points (heartbeats).
 */
export function presentMonitor(found: MonitorWithRelations, at: { now: Date; publicUrl: string }): Monitor {
  const { monitor, probers, state, slow, isFlapping, certificate } = found;
  const { now, publicUrl } = at;
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
    terminal_command: isProbed(monitor) ? terminalCommand(toCheckSpec(monitor)) : '',
    dns_query_name: monitor.dnsQueryName,
    dns_query_type: monitor.dnsQueryType as DnsQueryType,
    last_status_code: isHttp ? (state?.lastStatusCode ?? null) : null,
    last_status: isHttp ? null : (state?.lastStatus ?? null),
    slow_alert: monitor.slowAlert ?? null,
    slow: slow ? { since: slow.since.toISOString(), reason: slow.reason } : null,
    certificate_expiry_days: monitor.certificateExpiryDays,
    certificate: isHttp && certificate ? presentCertificate(certificate, now) : null,
    heartbeat: presentHeartbeat(found, publicUrl),
  };
}

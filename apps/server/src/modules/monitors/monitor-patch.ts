import type { Monitor, MonitorInput, MonitorPatch } from '@paydar/contracts/monitors';

/**
 * The whole input a PATCH amounts to: the monitor as it is now (its wire form, read under the edit's
 * lock), with the sent fields over it. PUT's checks then run on the result, so a PATCH can reach no
 * state a PUT could not.
 */
export function patchedInput(current: Monitor, patch: MonitorPatch): MonitorInput {
  return {
    protocol_type: current.protocol_type,
    url: current.url,
    host: current.host,
    alias: current.alias,
    period: current.period,
    apdex: current.apdex,
    http_method: current.http_method,
    http_headers: current.http_headers,
    http_body: current.http_body,
    http_accepted_statuses: current.http_accepted_statuses,
    http_assertions: current.http_assertions,
    http_follow_redirects: current.http_follow_redirects,
    timeout: current.timeout,
    probers: current.probers.map((prober) => prober.id),
    alert: current.alert,
    alert_rules: current.alert_rules,
    labels: current.labels,
    is_enabled: current.is_enabled,
    dns_query_name: current.dns_query_name,
    dns_query_type: current.dns_query_type,
    slow_alert: current.slow_alert,
    certificate_expiry_days: current.certificate_expiry_days,
    grace: current.heartbeat?.grace ?? null,
    ...patch,
  };
}

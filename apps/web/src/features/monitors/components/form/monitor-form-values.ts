import type { AlertChannels } from '@paydar/contracts/accounts';
import { type AlertRules, DEFAULT_ALERT_RULES } from '@paydar/contracts/alert-rules';
import { FILL_ALL_FIELDS, type Monitor, type Prober } from '@paydar/contracts/monitors';
import {
  DEFAULT_APDEX_SECONDS,
  DEFAULT_HEARTBEAT_GRACE_SECONDS,
  DEFAULT_PERIOD_SECONDS,
  DEFAULT_PROBER_COUNT,
  type DnsQueryType,
  METHODS_WITH_BODY,
  type MonitorHttpMethod,
  type ProtocolType,
} from '@paydar/contracts/monitors-options';
import { normaliseMonitorInput } from '@paydar/domain/monitor-input';
import type { MonitorFormInput } from '../../api/create-monitor';
import {
  certificateExpiryInputOf,
  certificateExpiryValuesOf,
  defaultCertificateExpiryValues,
} from './certificate-expiry-values';
import {
  defaultHttpAssertionValues,
  type HttpAssertionFormValues,
  httpAssertionInputOf,
  httpAssertionValuesOf,
} from './http-assertions-values';
import {
  defaultSlowAlertValues,
  type SlowAlertFormValues,
  slowAlertInputOf,
  slowAlertValuesOf,
} from './slow-alert-values';

/**
 * What the add and edit popups hold, and the pure steps between it and the API (spec §5):
 * defaults, a monitor turned back into values, the required-field rule, and the body to send.
 */

/** The alert channel kinds of the profile, as the monitor's `alert` names them. */
export type AlertChannelType = keyof AlertChannels;
export const ALERT_CHANNEL_TYPES: readonly AlertChannelType[] = [
  'emails',
  'phones',
  'telegram_usernames',
  'bale_usernames',
  'webhooks',
  'slack_webhooks',
  'discord_webhooks',
  'mattermost_webhooks',
];

export type MonitorFormValues = {
  protocol_type: ProtocolType;
  /** The URL of an HTTP monitor, the host of the others (host:port for TCP, the resolver for DNS). */
  target: string;
  alias: string;
  /** Seconds; null only if a value was cleared. */
  period: number | null;
  /** Seconds. */
  apdex: number | null;
  http_method: MonitorHttpMethod;
  http_headers: { key: string; value: string }[];
  http_body: string;
  dns_query_name: string;
  dns_query_type: DnsQueryType;
  /** Prober ids. */
  probers: number[];
  /** Alert channels, each as `alertChannelKey()`. */
  alert: string[];
  /**
   * True while an add form's channels are untouched and the profile has no verified email: the
   * server then alerts the login address (issue 14), so `alert` is not sent.
   */
  alert_default: boolean;
  /** When its downtimes are told; a cleared number field holds '' until it is checked. */
  alert_rules: AlertRules;
  labels: string[];
  is_enabled: boolean;
  slow_alert: SlowAlertFormValues;
  /** Certificate expiry thresholds in days, as typed (HTTPS monitors; certificate-expiry-values.ts). */
  certificate_expiry_days: string[];
  /** HEARTBEAT only: seconds a ping may be late; null only if cleared. */
  grace: number | null;
} & HttpAssertionFormValues;

export const isHeartbeat = (values: Pick<MonitorFormValues, 'protocol_type'>) => values.protocol_type === 'HEARTBEAT';

/** One select value per channel: the type, a colon, the value (types hold no colon, values may). */
export const alertChannelKey = (type: AlertChannelType, value: string) => `${type}:${value}`;

export function parseAlertChannelKey(key: string): { type: AlertChannelType; value: string } | null {
  const colon = key.indexOf(':');
  const type = key.slice(0, colon) as AlertChannelType;
  if (colon < 0 || !ALERT_CHANNEL_TYPES.includes(type)) return null;
  return { type, value: key.slice(colon + 1) };
}

/** A prober may be chosen unless it is disabled; one that is merely offline still counts (as on the server). */
export const isSelectableProber = (prober: Prober) => !prober.disabled;

/** The probers an add form starts with: the first DEFAULT_PROBER_COUNT selectable ones, online ones first. */
export function defaultProberIds(probers: readonly Prober[]): number[] {
  return probers
    .filter(isSelectableProber)
    .map((prober, index) => ({ prober, index }))
    .sort((a, b) => Number(b.prober.is_active) - Number(a.prober.is_active) || a.index - b.index)
    .slice(0, DEFAULT_PROBER_COUNT)
    .map(({ prober }) => prober.id);
}

/** The profile's verified emails, as channel keys: what a new monitor alerts unless the user unticks them. */
export function verifiedEmailKeys(channels: AlertChannels | undefined): string[] {
  return (channels?.emails ?? [])
    .filter((entry) => entry.is_verified)
    .map((entry) => alertChannelKey('emails', entry.value));
}

/**
 * Spec §5 defaults: HTTP(S), 5 min, 0.5 sec, GET, DNS type A, enabled, three probers; alerts to
 * the verified emails (issue 14) and the default alert rules.
 */
export function defaultFormValues(probers: readonly Prober[], channels?: AlertChannels): MonitorFormValues {
  const alert = verifiedEmailKeys(channels);
  return {
    protocol_type: 'HTTP',
    target: '',
    alias: '',
    period: DEFAULT_PERIOD_SECONDS,
    apdex: DEFAULT_APDEX_SECONDS,
    http_method: 'GET',
    http_headers: [],
    http_body: '',
    dns_query_name: '',
    dns_query_type: 'A',
    probers: defaultProberIds(probers),
    alert,
    alert_default: alert.length === 0,
    alert_rules: structuredClone(DEFAULT_ALERT_RULES),
    labels: [],
    is_enabled: true,
    slow_alert: defaultSlowAlertValues(),
    certificate_expiry_days: defaultCertificateExpiryValues(),
    grace: DEFAULT_HEARTBEAT_GRACE_SECONDS,
    ...defaultHttpAssertionValues(),
  };
}

/** The values an edit form starts with. */
export function formValuesOf(monitor: Monitor): MonitorFormValues {
  return {
    protocol_type: monitor.protocol_type,
    target: (monitor.protocol_type === 'HTTP' ? monitor.url : monitor.host) ?? '',
    alias: monitor.alias ?? '',
    period: monitor.period,
    apdex: monitor.apdex,
    http_method: monitor.http_method,
    http_headers: monitor.http_headers.map((header) => ({ ...header })),
    http_body: monitor.http_body ?? '',
    dns_query_name: monitor.dns_query_name ?? '',
    dns_query_type: monitor.dns_query_type,
    probers: monitor.probers.map((prober) => prober.id),
    alert: monitor.alert.map((channel) => alertChannelKey(channel.type, channel.value)),
    alert_default: false,
    alert_rules: structuredClone(monitor.alert_rules),
    labels: [...monitor.labels],
    is_enabled: monitor.is_enabled,
    slow_alert: slowAlertValuesOf(monitor.slow_alert),
    certificate_expiry_days: certificateExpiryValuesOf(monitor.certificate_expiry_days),
    grace: monitor.heartbeat?.grace ?? DEFAULT_HEARTBEAT_GRACE_SECONDS,
    ...httpAssertionValuesOf(monitor),
  };
}

export const sendsBody = (values: Pick<MonitorFormValues, 'protocol_type' | 'http_method'>) =>
  values.protocol_type === 'HTTP' && METHODS_WITH_BODY.includes(values.http_method);

/**
 * The fields that must not be empty (spec §5: the target, period, apdex and probers; a DNS monitor
 * also needs its query name, which the server asks for with the same text). A heartbeat has no
 * target and no probers: it needs its name (alias) and grace instead. Empty list: none.
 */
export function missingFields(values: MonitorFormValues): (keyof MonitorFormValues)[] {
  const missing: (keyof MonitorFormValues)[] = [];
  if (isHeartbeat(values)) {
    if (!values.alias.trim()) missing.push('alias');
    if (values.period === null) missing.push('period');
    if (values.grace === null) missing.push('grace');
    return missing;
  }
  if (!values.target.trim()) missing.push('target');
  if (values.period === null) missing.push('period');
  if (values.apdex === null) missing.push('apdex');
  if (values.protocol_type === 'DNS' && !values.dns_query_name.trim()) missing.push('dns_query_name');
  if (values.probers.length === 0) missing.push('probers');
  return missing;
}

/** The spec's warning when a required field is empty, or null. */
export const formProblem = (values: MonitorFormValues): string | null =>
  missingFields(values).length ? FILL_ALL_FIELDS : null;

/**
 * The body of POST or PUT, normalised as the server stores it (http:// added to an HTTP URL
 * without a scheme, :80 to a TCP target without a port, the body only for POST and PUT).
 * Call after `formProblem` has returned null.
 */
export function toMonitorInput(values: MonitorFormValues): MonitorFormInput & { period: number; apdex: number } {
  const isHttp = values.protocol_type === 'HTTP';
  const heartbeat = isHeartbeat(values);
  const alert = values.alert.flatMap((key) => {
    const channel = parseAlertChannelKey(key);
    return channel ? [channel] : [];
  });
  return normaliseMonitorInput({
    protocol_type: values.protocol_type,
    url: isHttp ? values.target : null,
    host: isHttp || heartbeat ? null : values.target,
    alias: values.alias,
    period: values.period ?? DEFAULT_PERIOD_SECONDS,
    apdex: values.apdex ?? DEFAULT_APDEX_SECONDS,
    http_method: values.http_method,
    http_headers: isHttp ? values.http_headers : [],
    http_body: sendsBody(values) ? values.http_body : null,
    dns_query_name: values.protocol_type === 'DNS' ? values.dns_query_name : null,
    dns_query_type: values.dns_query_type,
    probers: heartbeat ? [] : [...new Set(values.probers)],
    ...(heartbeat ? { grace: values.grace ?? DEFAULT_HEARTBEAT_GRACE_SECONDS } : {}),
    ...(values.alert_default && !alert.length ? {} : { alert }),
    alert_rules: values.alert_rules,
    labels: values.labels,
    is_enabled: values.is_enabled,
    slow_alert: slowAlertInputOf(values.slow_alert),
    ...(isHttp ? { certificate_expiry_days: certificateExpiryInputOf(values.certificate_expiry_days) } : {}),
    // Sent for every probed protocol: the server keeps the defaults for the others, and the timeout for all.
    ...(heartbeat ? {} : isHttp ? httpAssertionInputOf(values) : { timeout: httpAssertionInputOf(values).timeout }),
  });
}

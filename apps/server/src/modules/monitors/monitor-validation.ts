import { checkTargetAllowed } from '@paydar/checks/target-guard';
import type { MonitorInput } from '@paydar/contracts/monitors';
import { FILL_ALL_FIELDS } from '@paydar/contracts/monitors';
import { PERIOD_OPTIONS_SECONDS } from '@paydar/contracts/monitors-options';
import { splitHostPort } from '@paydar/domain/monitor-input';
import { invalidField } from '../../errors';
import { assertTimeoutWithinPeriod } from './monitor-assertions';

const HOSTNAME = /^(?=.{1,253}$)(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.?$/;
const IPV6_LITERAL = /^[0-9A-Fa-f:.]+$/;

function isValidHost(host: string): boolean {
  return HOSTNAME.test(host) || (host.includes(':') && IPV6_LITERAL.test(host));
}

/** The field that names the monitor's target: `url` for HTTP, `host` for the others. */
export const targetField = (input: Pick<MonitorInput, 'protocol_type'>) =>
  input.protocol_type === 'HTTP' ? 'url' : 'host';

const PROBED_PERIODS: readonly number[] = PERIOD_OPTIONS_SECONDS;

/**
 * A HEARTBEAT monitor has no target and no probers: it is named by its alias, which it needs.
 * The others need a prober, and a period a prober runs (the longer ones are a heartbeat's).
 */
function assertHeartbeatOrProbed(input: MonitorInput): boolean {
  if (input.protocol_type === 'HEARTBEAT') {
    if (!input.alias?.trim()) throw invalidField('alias', 'Name the heartbeat: it has no address to show instead.');
    return true;
  }
  if (!input.probers.length) throw invalidField('probers', FILL_ALL_FIELDS);
  // A heartbeat may leave the apdex out (a ping's runtime is rarely judged); a probed monitor may not.
  if (input.apdex === undefined) throw invalidField('apdex', FILL_ALL_FIELDS);
  if (!PROBED_PERIODS.includes(input.period))
    throw invalidField('period', `Choose one of: ${PROBED_PERIODS.join(', ')} seconds.`);
  return false;
}

/** Required fields and well-formed targets (spec §5), on normalised input. Throws naming the field. */
export function assertMonitorShape(input: MonitorInput): void {
  if (assertHeartbeatOrProbed(input)) return;
  assertTimeoutWithinPeriod(input);
  const field = targetField(input);
  const target = (field === 'url' ? input.url : input.host)?.trim();
  if (!target) throw invalidField(field, FILL_ALL_FIELDS);
  if (input.protocol_type === 'HTTP') {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw invalidField('url', 'Enter a valid URL.');
    }
    if (!['http:', 'https:'].includes(url.protocol))
      throw invalidField('url', 'Only http:// and https:// URLs can be monitored.');
    return;
  }
  const parts = splitHostPort(target);
  if (!parts || !isValidHost(parts.host)) throw invalidField('host', 'Enter a valid host name or IP address.');
  if (input.protocol_type === 'ICMP' && parts.port !== null) {
    throw invalidField('host', 'An ICMP target has no port.');
  }
  if (parts.port !== null && (parts.port < 1 || parts.port > 65_535)) {
    throw invalidField('host', 'The port must be between 1 and 65535.');
  }
  if (input.protocol_type === 'DNS' && !input.dns_query_name?.trim())
    throw invalidField('dns_query_name', FILL_ALL_FIELDS);
}

/** Refuses targets on loopback, private, link-local or metadata addresses unless allowed. */
export async function assertTargetAllowed(input: MonitorInput, allowPrivateTargets: boolean): Promise<void> {
  if (input.protocol_type === 'HEARTBEAT') return;
  const field = targetField(input);
  const target = (field === 'url' ? input.url : input.host) ?? '';
  const verdict = await checkTargetAllowed(target, { allowPrivateTargets });
  if (!verdict.ok) throw invalidField(field, verdict.message);
}

import type { PublicMonitor } from '@paydar/contracts/metrics';
import { presentMonitor } from '../monitors/monitor.presenter';
import type { MonitorWithRelations } from '../monitors/monitors.repository';

/** A URL without the user:password part, which a shared view must not show. */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.href;
  } catch {
    return url;
  }
}

/**
 * The monitor as a share link shows it. The owner's alert channels and groups are left out, and
 * so are the request headers and body, which often carry credentials, the assertions (an expected
 * header may be a secret), the slow-response rule and the certificate warning thresholds (the
 * certificate itself is what any visitor's TLS client sees); the terminal command and
 * name are built from the same stripped monitor, so nothing private comes back through them.
 */
export function presentPublicMonitor(found: MonitorWithRelations, now: Date): PublicMonitor {
  const stripped: MonitorWithRelations = {
    ...found,
    monitor: {
      ...found.monitor,
      url: found.monitor.url === null ? null : withoutCredentials(found.monitor.url),
      httpHeaders: [],
      httpBody: null,
      httpAssertions: [],
      alert: [],
      labels: [],
    },
  };
  const {
    alert: _alert,
    labels: _labels,
    http_headers: _headers,
    http_body: _body,
    http_assertions: _assertions,
    slow_alert: _slowAlert,
    certificate_expiry_days: _certificateExpiryDays,
    heartbeat: _heartbeat,
    ping_url: _pingUrl,
    ...shown
  } = presentMonitor(stripped, { now, publicUrl: '' });
  return shown;
}

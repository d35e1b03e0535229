import type { PublicMonitorStatus, StatusPageBanner } from '@paydar/contracts/status-pages';

/**
 * A status page's overall banner from its monitors' states: outage when every monitor that is
 * watched (not paused, with data) is down, degraded when some are, maintenance when any is in a
 * maintenance window and none is down, operational otherwise (an empty page too) — unless an
 * incident is still open: then the page is degraded, not "all operational" above an incident that
 * says otherwise (the owner opened it for trouble the checks do not see, or it is being watched).
 */
export function statusPageBanner(statuses: readonly PublicMonitorStatus[], openIncidents = 0): StatusPageBanner {
  const watched = statuses.filter((status) => status !== 'paused' && status !== 'no data');
  const down = watched.filter((status) => status === 'down').length;
  if (down > 0 && down === watched.length) return 'outage';
  if (down > 0 || openIncidents > 0) return 'degraded';
  if (watched.includes('maintenance')) return 'maintenance';
  return 'operational';
}

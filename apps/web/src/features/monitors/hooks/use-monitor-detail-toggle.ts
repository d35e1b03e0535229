import { notifications } from '@mantine/notifications';
import type { PublicMonitor } from '@paydar/contracts/metrics';
import type { Monitor } from '@paydar/contracts/monitors';
import { useEffect, useState } from 'react';
import { notify } from '@/lib/notify';
import type { MonitorFormInput } from '../api/create-monitor';
import { getMonitor } from '../api/get-monitor';
import { useUpdateMonitor } from '../api/update-monitor';

/** Spec §8: what toggling a protected monitor shows. */
export const PROTECTED_TOGGLE_TITLE = 'Protected Monitor';
export const PROTECTED_TOGGLE_TEXT = "You can't change protected monitor status";

/**
 * The PUT body that keeps every field of a monitor but the changed ones. PUT replaces the monitor's
 * fields, so alert channels, groups, headers and body must be sent back as they are.
 */
export function monitorUpdateInput(monitor: Monitor, changes: Partial<MonitorFormInput> = {}): MonitorFormInput {
  return {
    protocol_type: monitor.protocol_type,
    url: monitor.url,
    host: monitor.host,
    alias: monitor.alias,
    period: monitor.period,
    apdex: monitor.apdex,
    http_method: monitor.http_method,
    http_headers: monitor.http_headers,
    http_body: monitor.http_body,
    probers: monitor.probers.map((prober) => prober.id),
    alert: monitor.alert,
    labels: monitor.labels,
    is_enabled: monitor.is_enabled,
    dns_query_name: monitor.dns_query_name,
    dns_query_type: monitor.dns_query_type,
    ...changes,
  };
}

/**
 * The enable/disable toggle of the owner's view (spec §4). The panel may hold a shared-shaped monitor
 * (no alert channels, groups, headers or body), so the full monitor is read fresh before the PUT.
 * Protected monitors are refused here with the spec's toast and never reach the server.
 */
export function useMonitorDetailToggle(monitor: PublicMonitor) {
  const [enabled, setEnabled] = useState(monitor.is_enabled);
  const [busy, setBusy] = useState(false);
  const update = useUpdateMonitor();
  useEffect(() => setEnabled(monitor.is_enabled), [monitor.is_enabled]);

  async function toggle() {
    if (monitor.is_protected) {
      notifications.show({ title: PROTECTED_TOGGLE_TITLE, message: PROTECTED_TOGGLE_TEXT, color: 'orange' });
      return;
    }
    setBusy(true);
    try {
      const current = await getMonitor(monitor.id);
      const saved = await update.mutateAsync({
        id: monitor.id,
        input: monitorUpdateInput(current, { is_enabled: !enabled }),
      });
      setEnabled(saved.is_enabled);
    } catch (error) {
      notify.warning(error instanceof Error ? error.message : 'Something went wrong!');
    } finally {
      setBusy(false);
    }
  }

  return { enabled, busy, toggle };
}

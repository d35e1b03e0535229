import { Alert, Anchor, List, Text } from '@mantine/core';
import type { Metric } from '@paydar/contracts/metrics';
import { Link } from 'react-router';
import { useFormatTime } from '@/lib/time-settings';
import { useMonitorMaintenance } from '../../api/get-monitor-maintenance';

/** How many upcoming windows the detail lists. */
const SHOWN_WINDOWS = 3;

type MaintenanceNoticeProps = {
  monitorId: number;
  metric: Pick<Metric, 'in_maintenance_until'> | undefined;
  /** The owner's view: lists the upcoming windows too (a shared view only says it is in maintenance). */
  own: boolean;
};

/**
 * Issue 14: "In maintenance until …" while a window covers the monitor, and the windows to come
 * (in the reader's zone and calendar, like the rest of the panel). Nothing when there is neither.
 */
export function MaintenanceNotice({ monitorId, metric, own }: MaintenanceNoticeProps) {
  const windows = useMonitorMaintenance(monitorId, own);
  const format = useFormatTime();
  const formatTime = (instant: string) => format(instant, 'day-time');
  const until = metric?.in_maintenance_until ?? null;
  const upcoming = (windows.data ?? []).filter((window) => !window.active_now).slice(0, SHOWN_WINDOWS);
  if (!until && !upcoming.length) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      radius="md"
      data-testid="maintenance-notice"
      title={until ? `In maintenance until ${formatTime(until)}` : 'Maintenance planned'}
    >
      {until && (
        <Text size="sm">No alerts are sent and the time counts neither up nor down until the window ends.</Text>
      )}
      {upcoming.length > 0 && (
        <>
          <Text size="sm" mt={until ? 'xs' : 0}>
            Upcoming:
          </Text>
          <List size="sm" spacing={2}>
            {upcoming.map((window) => (
              <List.Item key={window.id}>
                {window.title}: {formatTime(window.next_start as string)} – {formatTime(window.next_end as string)}
              </List.Item>
            ))}
          </List>
        </>
      )}
      {own && (
        <Anchor component={Link} to="/maintenance" size="sm" mt={4} display="inline-block">
          Maintenance windows
        </Anchor>
      )}
    </Alert>
  );
}

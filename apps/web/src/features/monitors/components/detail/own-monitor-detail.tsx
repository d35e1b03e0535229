import { Alert, Button } from '@mantine/core';
import { PageLoader } from '@/components/page-loader';
import { useReadOnlyReason } from '@/lib/read-only';
import { useMonitor, useMonitorRemoval } from '../../api/get-monitor';
import { HeartbeatPanel } from './heartbeat-panel';
import { MonitorDetail } from './monitor-detail';

type OwnMonitorDetailProps = {
  id: number;
  /** On narrow screens, the way back to the list. */
  onBack?: () => void;
};

/**
 * The owner's detail panel. The list holds only summaries, so the whole monitor (creation time,
 * token, terminal command …) is read on its own, and a spinner shows until it is in.
 */
export function OwnMonitorDetail({ id, onBack }: OwnMonitorDetailProps) {
  const monitor = useMonitor(id);
  const removed = useMonitorRemoval(id);
  const readOnly = useReadOnlyReason();
  // Removed here: the page is on its way to the next monitor.
  if (removed === 'here') return <PageLoader />;
  if (removed) {
    return (
      <Alert color="gray" title="This monitor was removed">
        It was removed in another tab or on another device.
      </Alert>
    );
  }
  if (monitor.data) {
    const aside =
      monitor.data.protocol_type === 'HEARTBEAT' ? (
        <HeartbeatPanel monitor={monitor.data} readOnly={readOnly !== null} />
      ) : undefined;
    return <MonitorDetail monitor={monitor.data} onBack={onBack} aside={aside} />;
  }
  if (monitor.isError) {
    return (
      <Alert color="red" title="Could not load this monitor">
        <Button mt="sm" variant="light" color="red" onClick={() => void monitor.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <PageLoader label="Loading monitor" />;
}

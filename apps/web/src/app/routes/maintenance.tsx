import { Container } from '@mantine/core';
import { displayName } from '@paydar/domain/display-name';
import { useMemo } from 'react';
import { MaintenancePage } from '@/features/maintenance/components/maintenance-page';
import { useMonitors } from '@/features/monitors/api/get-monitors';
import { useProfile } from '@/lib/auth';

/** /maintenance: the maintenance windows (issue 14), over the user's monitors. */
export default function MaintenanceRoute() {
  const { data: me } = useProfile();
  const monitors = useMonitors(me?.is_verified ?? false);
  const options = useMemo(
    () => (monitors.data ?? []).map((monitor) => ({ id: monitor.id, name: displayName(monitor) })),
    [monitors.data],
  );
  return (
    <Container size="lg" px={0}>
      <MaintenancePage monitors={options} readOnly={me?.is_demo ?? false} />
    </Container>
  );
}

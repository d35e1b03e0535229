import { Container } from '@mantine/core';
import { MonitorsEmptyState } from '@/features/monitors/components/list/monitors-empty-state';
import { useProfile } from '@/lib/auth';

/**
 * `/` and `/monitor/:id`. The monitor list, the detail panel and the add form arrive with the
 * monitor screens; until then the dashboard shows its empty state.
 */
export default function DashboardRoute() {
  const { data: me } = useProfile();
  return (
    <Container size="lg" px={0}>
      <MonitorsEmptyState canAdd={me?.is_verified === true} />
    </Container>
  );
}

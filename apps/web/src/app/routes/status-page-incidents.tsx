import { Alert, Container, Group, Loader } from '@mantine/core';
import { useParams } from 'react-router';
import { useStatusPage } from '@/features/status-pages/api/get-status-page';
import { IncidentsPage } from '@/features/status-pages/components/incidents/incidents-page';
import { errorMessage } from '@/lib/api-client';
import { useReadOnlyReason } from '@/lib/read-only';

/** /status_pages/:id/incidents: a page's incidents and subscribers (issue 16). */
export default function StatusPageIncidentsRoute() {
  const param = useParams().id ?? '';
  const id = /^\d{1,9}$/.test(param) ? Number(param) : null;
  const readOnly = useReadOnlyReason();
  const page = useStatusPage(id);
  return (
    <Container size="md" px={0}>
      {id === null ? (
        <Alert color="red" variant="light">
          No such status page.
        </Alert>
      ) : page.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Loading" />
        </Group>
      ) : page.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(page.error)}
        </Alert>
      ) : (
        <IncidentsPage page={page.data} readOnly={readOnly} />
      )}
    </Container>
  );
}

import { Alert, Container } from '@mantine/core';
import { useParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { useStatusPage } from '@/features/status-pages/api/get-status-page';
import { IncidentsPage } from '@/features/status-pages/components/incidents/incidents-page';
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
      ) : (
        <QueryState query={page}>{(data) => <IncidentsPage page={data} readOnly={readOnly} />}</QueryState>
      )}
    </Container>
  );
}

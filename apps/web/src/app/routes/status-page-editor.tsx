import { Alert, Container } from '@mantine/core';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { useMonitors } from '@/features/monitors/api/get-monitors';
import { useStatusPage } from '@/features/status-pages/api/get-status-page';
import { useStatusPages } from '@/features/status-pages/api/get-status-pages';
import { StatusPageEditor } from '@/features/status-pages/components/editor/status-page-editor';
import { usePageAllowance } from '@/features/status-pages/hooks/page-allowance';
import { useProfile } from '@/lib/auth';
import { useReadOnlyReason } from '@/lib/read-only';
import { pageMonitorOptions } from './status-page-monitor-options';

const NOT_FOUND_TEXT = 'No such status page.';

/** A page's id from the address; null when there is none or it is not an id. */
function pageIdOf(param: string | undefined): number | null {
  return param && /^\d{1,9}$/.test(param) ? Number(param) : null;
}

/** /status_pages/new and /status_pages/:id: the status page editor over the user's monitors. */
export default function StatusPageEditorRoute() {
  const param = useParams().id;
  const id = pageIdOf(param);
  const { data: me } = useProfile();
  const readOnly = useReadOnlyReason();
  const monitors = useMonitors(me?.is_verified ?? false);
  const page = useStatusPage(id);
  // A new page is counted against the plan here too, for whoever comes by address rather than by Add.
  const pages = useStatusPages(param === undefined);
  const allowance = usePageAllowance(pages.data?.length ?? 0);
  const options = useMemo(() => pageMonitorOptions(monitors.data ?? []), [monitors.data]);
  return (
    <Container size="md" px={0}>
      {param !== undefined && id === null ? (
        <Alert color="red" variant="light">
          {NOT_FOUND_TEXT}
        </Alert>
      ) : id === null ? (
        <StatusPageEditor
          monitors={options}
          readOnly={readOnly}
          blockedBy={pages.isSuccess ? allowance.blockedBy : null}
        />
      ) : (
        <QueryState query={page}>
          {(data) => <StatusPageEditor key={data.id} page={data} monitors={options} readOnly={readOnly} />}
        </QueryState>
      )}
    </Container>
  );
}

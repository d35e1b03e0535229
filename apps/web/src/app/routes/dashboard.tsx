import { Alert, Button, Container } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { hasMonitorGroups } from '@paydar/domain/monitor-filter';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { metricQueryOptions } from '@/features/monitors/api/get-metric';
import { monitorQueryOptions } from '@/features/monitors/api/get-monitor';
import { useMonitors } from '@/features/monitors/api/get-monitors';
import { OwnMonitorDetail } from '@/features/monitors/components/detail/own-monitor-detail';
import { MonitorFormModal } from '@/features/monitors/components/form/monitor-form-modal';
import { MonitorList } from '@/features/monitors/components/list/monitor-list';
import { MonitorsEmptyState } from '@/features/monitors/components/list/monitors-empty-state';
import { removeFirstScreen } from '@/first-screen/remove-first-screen';
import { useProfile } from '@/lib/auth';
import { WIDE_LAYOUT_QUERY } from '@/lib/breakpoints';
import { useReadOnlyReason } from '@/lib/read-only';
import { useActiveSubscription } from '@/lib/subscription';

/** The height left under the header: the wide layout and the phone's list scroll inside it. */
const SCREEN_HEIGHT = 'calc(100dvh - var(--app-shell-header-offset, 0rem) - 2 * var(--app-shell-padding, 0rem))';

const monitorPath = (monitor: { id: number }) => `/monitor/${monitor.id}`;

/** What a narrow list's links carry: the detail's way back may then simply go back. */
const FROM_LIST = { fromList: true };

/** The monitor a path names: a positive whole number, or undefined. */
function parseId(param: string | undefined): number | undefined {
  if (param === undefined || !/^\d+$/.test(param)) return undefined;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * `/` and `/monitor/:id` (spec §2): the monitor list and the detail panel. From 850 px wide they sit
 * side by side and `/` opens the first monitor; narrower, `/` is the list and `/monitor/:id` the
 * detail, with a way back. An id that is not among the user's monitors (removed, or never theirs)
 * leads to the first monitor when wide, to the list when narrow.
 */
export default function DashboardRoute() {
  const { data: me } = useProfile();
  const verified = me?.is_verified === true;
  const readOnly = useReadOnlyReason();
  const monitors = useMonitors(verified);
  const { data: subscription } = useActiveSubscription();
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY, undefined, { getInitialValueInEffect: false });
  const navigate = useNavigate();
  const params = useParams();
  const location = useLocation();
  const [adding, setAdding] = useState(false);

  const list = monitors.data;
  const id = parseId(params.id);
  // A link to a monitor names it: ask for it and its figures now, alongside the list, not after it.
  const queryClient = useQueryClient();
  const knownGone = id !== undefined && list !== undefined && !list.some((monitor) => monitor.id === id);
  useEffect(() => {
    // Once the list says the monitor is not the user's (removed), asking would only get a 404.
    if (!verified || id === undefined || knownGone) return;
    void queryClient.prefetchQuery(monitorQueryOptions(id));
    void queryClient.prefetchQuery(metricQueryOptions(id, 'today'));
  }, [verified, id, knownGone, queryClient]);
  const selected = id === undefined ? undefined : list?.find((monitor) => monitor.id === id);
  const first = list?.[0];

  // Where `/` (wide) or an id that is not the user's leads; null when the address is right.
  const current = params.id === undefined ? '/' : `/monitor/${params.id}`;
  let redirect: string | null = null;
  if (list && ((params.id !== undefined && !selected) || (params.id === undefined && wide))) {
    redirect = wide && first ? monitorPath(first) : '/';
    if (redirect === current) redirect = null;
  }
  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  // Spec §4: after a removal, the first remaining monitor (on a phone the list, where the user was).
  const onRemoved = useCallback(
    (removedId: number) => {
      const next = list?.find((monitor) => monitor.id !== removedId);
      navigate(wide && next ? monitorPath(next) : '/', { replace: true });
    },
    [list, wide, navigate],
  );
  // Back in the history when the list is the entry before (so the phone's own back button agrees),
  // else to the list.
  const cameFromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
  const backToList = useCallback(() => (cameFromList ? navigate(-1) : navigate('/')), [cameFromList, navigate]);

  // The first screen (src/first-screen/) stays over the loaders; the list takes it away when it draws
  // (monitor-list.tsx), an error or the empty state here.
  const settled = !(verified && monitors.isPending) && !(monitors.isSuccess && (list?.length ?? 0) > 0);
  useLayoutEffect(() => {
    if (settled) removeFirstScreen();
  }, [settled]);

  const addModal = (
    <MonitorFormModal
      opened={adding}
      onClose={() => setAdding(false)}
      onSaved={(monitor) => navigate(monitorPath(monitor))}
    />
  );

  function content() {
    if (verified && monitors.isPending) return <PageLoader label="Loading monitors" />;
    // On its way elsewhere: drawing the list now would only be thrown away.
    if (redirect && list && list.length > 0) return <PageLoader />;

    if (monitors.isError && !list) {
      return (
        <Container size="sm" px={0}>
          <Alert color="red" title="Could not load your monitors">
            <Button mt="sm" variant="light" color="red" onClick={() => void monitors.refetch()}>
              Try again
            </Button>
          </Alert>
        </Container>
      );
    }

    if (!list || list.length === 0) {
      return (
        <Container size="lg" px={0}>
          <MonitorsEmptyState canAdd={verified} readOnly={readOnly} onAdd={() => setAdding(true)} />
        </Container>
      );
    }

    const listPanel = (
      <MonitorList
        monitors={list}
        selectedId={selected?.id}
        canAdd={verified}
        readOnly={readOnly}
        onAdd={() => setAdding(true)}
        groupsEnabled={hasMonitorGroups(subscription?.subscription_plan.specifications)}
        userGroups={me?.labels}
        onRemoved={onRemoved}
        linkState={wide ? undefined : FROM_LIST}
      />
    );

    if (wide) {
      return (
        <div
          data-testid="dashboard"
          data-layout="wide"
          style={{
            display: 'grid',
            gridTemplateColumns: 'minmax(300px, 380px) minmax(0, 1fr)',
            gap: 'var(--mantine-spacing-lg)',
            height: SCREEN_HEIGHT,
          }}
        >
          <aside aria-label="Monitor list" style={{ minHeight: 0 }}>
            {listPanel}
          </aside>
          <section aria-label="Monitor detail" style={{ minHeight: 0, minWidth: 0, overflowY: 'auto' }}>
            {selected ? <OwnMonitorDetail id={selected.id} /> : <PageLoader />}
          </section>
        </div>
      );
    }

    // Narrow: the list or the detail, never both (spec §2).
    if (params.id !== undefined) {
      return (
        <section data-testid="dashboard" data-layout="narrow" aria-label="Monitor detail">
          {selected ? <OwnMonitorDetail id={selected.id} onBack={backToList} /> : <PageLoader />}
        </section>
      );
    }
    return (
      <aside data-testid="dashboard" data-layout="narrow" aria-label="Monitor list" style={{ height: SCREEN_HEIGHT }}>
        {listPanel}
      </aside>
    );
  }

  // The add popup stays in one place in the tree whatever the layout, so it stays open (and keeps
  // what was typed) when the window crosses 850 px.
  return (
    <>
      {content()}
      {addModal}
    </>
  );
}

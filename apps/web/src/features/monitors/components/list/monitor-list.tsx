import { Text } from '@mantine/core';
import type { MonitorSummary } from '@paydar/contracts/monitor-summary';
import { filterMonitors, groupOptions } from '@paydar/domain/monitor-filter';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { removeFirstScreen } from '@/first-screen/remove-first-screen';
import { useMonitor } from '../../api/get-monitor';
import { getListScrollOffset, setListScrollOffset, useMonitorFilters } from '../../hooks/use-monitor-list-state';
import { useRefreshAllMonitors } from '../../hooks/use-refresh-all-monitors';
import { MonitorFormModal } from '../form/monitor-form-modal';
import { ShareModal } from '../share-modal';
import { LIST_ITEM_HEIGHT, type MonitorAction, MonitorListItem } from './monitor-list-item';
import { MonitorListToolbar } from './monitor-list-toolbar';
import { RemoveMonitorModal } from './remove-monitor-modal';

export type MonitorListProps = {
  /** Newest first. */
  monitors: readonly MonitorSummary[];
  /** The monitor shown in the detail panel: highlighted. */
  selectedId: number | undefined;
  /** Unverified users cannot add monitors (spec §6). */
  canAdd: boolean;
  onAdd: () => void;
  /** Why this account may change nothing (the demo): Add, Edit and Remove show disabled with it. */
  readOnly?: string | null;
  /** The plan has the monitor-group feature: the group filter shows. */
  groupsEnabled: boolean;
  /** The user's own groups (profile labels), offered even before a monitor uses them. */
  userGroups?: readonly string[];
  /** After a monitor was removed and the list reloaded. */
  onRemoved: (id: number) => void;
  /** History state the items' links carry (the dashboard marks the way back from a detail). */
  linkState?: unknown;
  /** Items the virtualizer draws beyond the visible ones, each way. */
  overscan?: number;
};

const monitorsWord = (count: number) => (count === 1 ? 'monitor' : 'monitors');
/** The open popup; kept after closing (opened: false) so it keeps its content while it fades out. */
type Dialog = { action: MonitorAction; monitor: MonitorSummary; opened: boolean } | null;

/**
 * The monitor list (spec §2): its tools, then the monitors, virtualized — only the items on screen
 * (and a few around them) exist, so a thousand monitors scroll as smoothly as ten and load the
 * figures of only those shown. The Edit, Share and Remove popups are shared by all items.
 */
export function MonitorList({
  monitors,
  selectedId,
  canAdd,
  onAdd,
  readOnly = null,
  groupsEnabled,
  userGroups = [],
  onRemoved,
  linkState,
  overscan = 4,
}: MonitorListProps) {
  const [filters, setFilters] = useMonitorFilters();
  // A plan without groups ignores any group filter left from before a downgrade.
  const effectiveFilters = useMemo(
    () => (groupsEnabled ? filters : { ...filters, groups: [] }),
    [filters, groupsEnabled],
  );
  const shown = useMemo(() => filterMonitors(monitors, effectiveFilters), [monitors, effectiveFilters]);
  const options = useMemo(
    () => (groupsEnabled ? groupOptions(monitors, userGroups) : null),
    [groupsEnabled, monitors, userGroups],
  );
  const { refresh, refreshing } = useRefreshAllMonitors();

  const [dialog, setDialog] = useState<Dialog>(null);
  const onAction = useCallback(
    (action: MonitorAction, monitor: MonitorSummary) => setDialog({ action, monitor, opened: true }),
    [],
  );
  const closeDialog = useCallback(() => setDialog((open) => open && { ...open, opened: false }), []);
  // The share link needs the token, which only the whole monitor has.
  const shared = useMonitor(dialog?.action === 'share' ? dialog.monitor.id : undefined);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LIST_ITEM_HEIGHT,
    getItemKey: (index) => shown[index]?.id ?? index,
    overscan,
    initialOffset: getListScrollOffset,
  });

  // Opened straight on a monitor far down the list: bring it into view once.
  const selectedIndex = shown.findIndex((monitor) => monitor.id === selectedId);
  const broughtIntoView = useRef(false);
  useEffect(() => {
    if (broughtIntoView.current || selectedIndex < 0) return;
    broughtIntoView.current = true;
    const element = scrollRef.current;
    if (!element) return;
    const top = selectedIndex * LIST_ITEM_HEIGHT;
    if (top < element.scrollTop || top + LIST_ITEM_HEIGHT > element.scrollTop + element.clientHeight) {
      virtualizer.scrollToIndex(selectedIndex, { align: 'center' });
    }
  }, [selectedIndex, virtualizer]);

  // The plain-DOM copy drawn before the app ran (src/first-screen/) goes in the frame this list is drawn in.
  useLayoutEffect(() => removeFirstScreen(), []);

  const filtered = shown.length !== monitors.length;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, gap: 8 }}>
      <MonitorListToolbar
        filters={filters}
        onFiltersChange={setFilters}
        groupOptions={options}
        onRefresh={refresh}
        refreshing={refreshing}
        onAdd={onAdd}
        canAdd={canAdd}
        readOnly={readOnly}
      />
      <Text size="xs" c="dimmed" aria-live="polite" data-testid="monitor-count">
        {filtered
          ? `${shown.length} of ${monitors.length} ${monitorsWord(monitors.length)}`
          : `${monitors.length} ${monitorsWord(monitors.length)}`}
      </Text>
      <div
        ref={scrollRef}
        data-testid="monitor-list-scroll"
        onScroll={(event) => setListScrollOffset(event.currentTarget.scrollTop)}
        style={{ flex: 1, minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain', contain: 'strict' }}
      >
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            No monitors match your search.
          </Text>
        ) : (
          <ul
            aria-label="Monitors"
            style={{
              position: 'relative',
              width: '100%',
              height: virtualizer.getTotalSize(),
              margin: 0,
              padding: 0,
              listStyle: 'none',
            }}
          >
            {virtualizer.getVirtualItems().map((item) => {
              const monitor = shown[item.index] as MonitorSummary;
              return (
                <li
                  key={item.key}
                  style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
                >
                  <MonitorListItem
                    monitor={monitor}
                    selected={monitor.id === selectedId}
                    onAction={onAction}
                    linkState={linkState}
                    readOnly={readOnly}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </div>

      {dialog?.action === 'edit' && (
        <MonitorFormModal opened={dialog.opened} onClose={closeDialog} editId={dialog.monitor.id} />
      )}
      {dialog?.action === 'share' && (
        <ShareModal
          opened={dialog.opened}
          onClose={closeDialog}
          token={shared.data?.token}
          failed={shared.isError}
          certificate={Boolean(shared.data?.certificate)}
        />
      )}
      {dialog?.action === 'remove' && (
        <RemoveMonitorModal
          monitor={dialog.monitor}
          opened={dialog.opened}
          onClose={closeDialog}
          onRemoved={onRemoved}
        />
      )}
    </div>
  );
}

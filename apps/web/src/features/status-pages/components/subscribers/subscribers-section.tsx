import { Stack } from '@mantine/core';
import type { StatusPageSubscriber } from '@paydar/contracts/status-page-subscribers';
import { useEffect, useState } from 'react';
import { PagedHistoryCard } from '@/components/paged-history-card';
import { useDeleteSubscriber } from '../../api/delete-subscriber';
import { type SubscriberFilters as Filters, SUBSCRIBERS_PAGE_SIZE, useSubscribers } from '../../api/get-subscribers';
import { ConfirmModal } from '../confirm-modal';
import { SubscriberFilters } from './subscriber-filters';
import { SubscriberRow } from './subscriber-row';

type SubscribersSectionProps = { pageId: number; readOnly: string | null };

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/**
 * Who hears of the page's incidents by email, paged by the server (a page may have 50,000): the
 * page's confirmed and waiting totals, a search by address and a state filter.
 */
export function SubscribersSection({ pageId, readOnly }: SubscribersSectionProps) {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Filters>({});
  const [removing, setRemoving] = useState<StatusPageSubscriber | null>(null);
  const subscribers = useSubscribers(pageId, page, filters);
  const filtered = filters.search !== undefined || filters.state !== undefined;
  const data = subscribers.data;
  // A removal that emptied the last page: show the page before it.
  useEffect(() => {
    if (data && !subscribers.isPlaceholderData && page > 1 && data.results.length === 0)
      setPage(Math.max(1, Math.ceil(data.count / SUBSCRIBERS_PAGE_SIZE)));
  }, [data, page, subscribers.isPlaceholderData]);
  const totals = data
    ? `${data.confirmed_count.toLocaleString('en')} confirmed, ${data.waiting_count.toLocaleString('en')} waiting`
    : '';
  return (
    <>
      <PagedHistoryCard
        id="subscribers"
        title="Subscribers"
        what="the subscribers"
        countLabel={(count) =>
          filtered
            ? `${plural(count, 'match', 'matches')} · of ${totals}`
            : `${plural(count, 'subscriber', 'subscribers')} · ${totals}`
        }
        empty={
          filtered
            ? 'No subscriber matches.'
            : 'Nobody has subscribed yet. Visitors subscribe by email on the page; they hear of incidents once they confirm.'
        }
        history={subscribers}
        pageSize={SUBSCRIBERS_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        filters={
          (filtered || (data?.count ?? 0) > 0) && (
            <SubscriberFilters
              value={filters}
              onChange={(next) => {
                setFilters(next);
                setPage(1);
              }}
            />
          )
        }
        renderItems={(items) => (
          <Stack gap={6}>
            {items.map((subscriber) => (
              <SubscriberRow
                key={subscriber.id}
                subscriber={subscriber}
                readOnly={readOnly}
                onRemove={() => setRemoving(subscriber)}
              />
            ))}
          </Stack>
        )}
      />
      {removing && <RemoveSubscriberModal pageId={pageId} subscriber={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}

type RemoveSubscriberModalProps = { pageId: number; subscriber: StatusPageSubscriber; onClose: () => void };

function RemoveSubscriberModal({ pageId, subscriber, onClose }: RemoveSubscriberModalProps) {
  const remove = useDeleteSubscriber({ onSuccess: () => onClose() });
  return (
    <ConfirmModal
      opened
      title="Remove subscriber"
      confirmLabel="Remove"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate({ pageId, subscriberId: subscriber.id })}
      onClose={onClose}
    >
      Remove {subscriber.email}? They get no more mail from this page (they may subscribe again).
    </ConfirmModal>
  );
}

import type { StatusPage } from '@paydar/contracts/status-pages';
import { useDeleteStatusPage } from '../api/delete-status-page';
import { ConfirmModal } from './confirm-modal';

/** Asks before a page goes: its address stops answering, its incidents and subscribers go with it. */
export function DeleteStatusPageModal({ page, onClose }: { page: StatusPage | null; onClose: () => void }) {
  const remove = useDeleteStatusPage({ onSuccess: () => onClose() });
  return (
    <ConfirmModal
      opened={page !== null}
      title="Delete status page"
      confirmLabel="Delete"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => page && remove.mutate(page.id)}
      onClose={() => {
        remove.reset();
        onClose();
      }}
    >
      Delete “{page?.title}”? Its address stops working at once, and its incidents and subscribers are deleted with it.
      Your monitors are not touched.
    </ConfirmModal>
  );
}

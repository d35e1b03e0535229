import type { Incident } from '@paydar/contracts/status-page-incidents';
import { useDeleteIncident } from '../../api/delete-incident';
import { useSaveIncident } from '../../api/save-incident';
import { ConfirmModal } from '../confirm-modal';

type Props = { pageId: number; incident: Incident; onClose: () => void };

/** Deletes an incident from the page (its updates go with it; subscribers were told already). */
export function DeleteIncidentModal({ pageId, incident, onClose }: Props) {
  const remove = useDeleteIncident({ onSuccess: () => onClose() });
  return (
    <ConfirmModal
      opened
      title="Delete incident"
      confirmLabel="Delete"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate({ pageId, incidentId: incident.id })}
      onClose={onClose}
    >
      Delete “{incident.title}” and its updates? Visitors no longer see it in the page’s history.
    </ConfirmModal>
  );
}

/** Removes a resolved incident's post-mortem (`postmortem: null`). */
export function RemovePostmortemModal({ pageId, incident, onClose }: Props) {
  const save = useSaveIncident({ onSuccess: () => onClose() });
  return (
    <ConfirmModal
      opened
      title="Remove post-mortem"
      confirmLabel="Remove"
      pending={save.isPending}
      error={save.error}
      onConfirm={() => save.mutate({ kind: 'patch', pageId, incidentId: incident.id, patch: { postmortem: null } })}
      onClose={onClose}
    >
      Remove the post-mortem of “{incident.title}”? The incident and its updates stay.
    </ConfirmModal>
  );
}

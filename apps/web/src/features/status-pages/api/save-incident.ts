import {
  type IncidentInput,
  type IncidentPatch,
  type IncidentUpdateInput,
  incident,
} from '@paydar/contracts/status-page-incidents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { incidentsPath, incidentsQueryKey } from './get-incidents';

/** The write calls on a page's incidents; each answers the incident as it now is. */
export type IncidentChange =
  | { kind: 'open'; pageId: number; input: IncidentInput }
  | { kind: 'patch'; pageId: number; incidentId: number; patch: IncidentPatch }
  | { kind: 'update'; pageId: number; incidentId: number; input: IncidentUpdateInput };

export function saveIncident(change: IncidentChange) {
  const base = incidentsPath(change.pageId);
  switch (change.kind) {
    case 'open':
      return api.post(base, change.input, incident);
    case 'patch':
      return api.patch(`${base}${change.incidentId}/`, change.patch, incident);
    case 'update':
      return api.post(`${base}${change.incidentId}/updates/`, change.input, incident);
  }
}

export function useSaveIncident(config: MutationConfig<typeof saveIncident> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveIncident,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: incidentsQueryKey(args[1].pageId) });
      await config.onSuccess?.(...args);
    },
  });
}

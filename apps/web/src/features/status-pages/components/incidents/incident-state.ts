import { INCIDENT_STATES, type Incident, type IncidentState } from '@paydar/contracts/status-page-incidents';

export const INCIDENT_STATE_LABELS: Record<IncidentState, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};

export const INCIDENT_STATE_COLORS: Record<IncidentState, string> = {
  investigating: 'red',
  identified: 'orange',
  monitoring: 'blue',
  resolved: 'teal',
};

export const incidentStateOptions = INCIDENT_STATES.map((state) => ({
  value: state,
  label: INCIDENT_STATE_LABELS[state],
}));

/** Active incidents first (newest first within each group, as the API orders them), then resolved ones. */
export function activeFirst(incidents: readonly Incident[]): { active: Incident[]; resolved: Incident[] } {
  return {
    active: incidents.filter((incident) => incident.state !== 'resolved'),
    resolved: incidents.filter((incident) => incident.state === 'resolved'),
  };
}

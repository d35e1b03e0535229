import type { Incident, PublicIncident, PublicIncidentSummary } from '@paydar/contracts/status-page-incidents';
import { renderMarkdown } from './incident-markdown';
import type { IncidentMonitorRow, IncidentRow, IncidentUpdateRow } from './incidents.repository';

/** Rows → the owner's and the visitor's JSON. Markdown is rendered (sanitized) here, on read. */

/** An incident with what it is shown with: its monitors still on the page, its updates newest first. */
export interface IncidentDetails {
  incident: IncidentRow;
  monitors: IncidentMonitorRow[];
  updates: IncidentUpdateRow[];
}

/** Groups the monitors and updates read for several incidents under each incident. */
export function detailsOf(
  rows: IncidentRow[],
  monitors: IncidentMonitorRow[],
  updates: IncidentUpdateRow[],
): IncidentDetails[] {
  return rows.map((incident) => ({
    incident,
    monitors: monitors.filter((monitor) => monitor.incidentId === incident.id),
    updates: updates.filter((update) => update.incidentId === incident.id),
  }));
}

const iso = (date: Date | null) => date?.toISOString() ?? null;
const htmlOrNull = (markdown: string | null) => (markdown === null ? null : renderMarkdown(markdown));

export function presentIncident({ incident, monitors, updates }: IncidentDetails): Incident {
  return {
    id: incident.id,
    status_page: incident.statusPageId,
    title: incident.title,
    origin: incident.origin,
    state: incident.state,
    started_at: incident.startedAt.toISOString(),
    resolved_at: iso(incident.resolvedAt),
    monitors: monitors.map((monitor) => ({ monitor: monitor.monitorId, public_name: monitor.publicName })),
    updates: updates.map((update) => ({
      id: update.id,
      state: update.state,
      body: update.body,
      body_html: renderMarkdown(update.body),
      automatic: update.automatic,
      created_at: update.createdAt.toISOString(),
    })),
    postmortem: incident.postmortem,
    postmortem_html: htmlOrNull(incident.postmortem),
    created_at: incident.createdAt.toISOString(),
  };
}

function publicFields({ incident, monitors }: IncidentDetails) {
  return {
    id: incident.id,
    title: incident.title,
    state: incident.state,
    started_at: incident.startedAt.toISOString(),
    resolved_at: iso(incident.resolvedAt),
    affected: monitors.map((monitor) => monitor.publicName),
  };
}

export function presentPublicIncident(details: IncidentDetails): PublicIncident {
  return {
    ...publicFields(details),
    updates: details.updates.map((update) => ({
      state: update.state,
      body_html: renderMarkdown(update.body),
      created_at: update.createdAt.toISOString(),
    })),
    postmortem_html: htmlOrNull(details.incident.postmortem),
  };
}

export function presentIncidentSummary(details: IncidentDetails): PublicIncidentSummary {
  return { ...publicFields(details), has_postmortem: details.incident.postmortem !== null };
}

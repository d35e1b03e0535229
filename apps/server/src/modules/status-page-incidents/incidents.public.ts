import {
  INCIDENT_HISTORY_DAYS,
  type PublicIncident,
  publicIncident,
  type publicPageIncidents,
} from '@paydar/contracts/status-page-incidents';
import { DAY_MS } from '@paydar/domain/time';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import type { VersionedAnswer } from '../../http/conditional';
import { AnswerCache } from '../metrics/metric-cache';
import type { PageGate } from '../status-pages/status-pages.public.repository';
import { readDetails } from './incidents.details';
import { presentIncidentSummary, presentPublicIncident } from './incidents.presenter';
import { findIncident, publicIncidents } from './incidents.repository';

/** What visitors read of incidents: the page answer's part, and one incident's own page. */

export const INCIDENT_NOT_FOUND = 'No such incident on this page.';

/** The page answer's incidents: unresolved ones whole, those resolved in the last 90 days as summaries. */
export async function pageIncidents(
  db: Database,
  pageId: number,
  now: number,
): Promise<z.infer<typeof publicPageIncidents>> {
  const rows = await publicIncidents(db, pageId, new Date(now - INCIDENT_HISTORY_DAYS * DAY_MS));
  const active = rows.filter((row) => row.resolvedAt === null);
  const history = rows.filter((row) => row.resolvedAt !== null);
  const [activeDetails, historyDetails] = await Promise.all([readDetails(db, active), readDetails(db, history, false)]);
  return {
    active_incidents: activeDetails.map(presentPublicIncident),
    incident_history: historyDetails.map(presentIncidentSummary),
  };
}

const answers = new AnswerCache<PublicIncident>(publicIncident, 'incident-answers');

/**
 * One incident of an admitted page, kept per version of the page: every incident write moves the
 * page's version (incidents.repository.ts `touchPage`), so the answer and its ETag move with it.
 */
export function publicIncidentAnswer(context: ServiceContext, gate: PageGate, incidentId: number): VersionedAnswer {
  return answers.versioned(`status-page-incident:${gate.id}:${gate.version}:${incidentId}`, async () => {
    const incident = await findIncident(context.db, gate.id, incidentId);
    if (!incident) throw notFound(INCIDENT_NOT_FOUND);
    const [details] = await readDetails(context.db, [incident]);
    if (!details) throw notFound(INCIDENT_NOT_FOUND);
    return presentPublicIncident(details);
  });
}

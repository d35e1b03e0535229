import {
  INCIDENT_UPDATES_MAX,
  type Incident,
  type IncidentInput,
  type IncidentList,
  type IncidentPatch,
  type IncidentUpdateInput,
} from '@paydar/contracts/status-page-incidents';
import type { Caller, ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/transaction';
import { refuseDemo } from '../../demo-guard';
import { AppError, invalidField, notFound } from '../../errors';
import { offsetPage } from '../../http/pagination';
import { publishUpdate } from './incident-publish';
import { readDetails } from './incidents.details';
import { presentIncident } from './incidents.presenter';
import {
  addIncidentMonitors,
  countUpdates,
  deleteIncident,
  findIncident,
  findOwnedPage,
  type IncidentPage,
  type IncidentRow,
  insertIncident,
  listIncidents,
  pageMonitorIds,
  patchIncident,
  touchPage,
} from './incidents.repository';
import type { IncidentsQuery } from './incidents.schema';

/** The owner's incidents on their pages (issue 16). Every path is filtered by the page's owner. */

export const incidentsPath = (pageId: number) => `/api/v1/status_pages/${pageId}/incidents/`;

async function present(db: Database, row: IncidentRow): Promise<Incident> {
  const [details] = await readDetails(db, [row]);
  if (!details) throw notFound();
  return presentIncident(details);
}

async function ownedPage(db: Database, caller: Caller, pageId: number): Promise<IncidentPage> {
  const page = await findOwnedPage(db, caller.userId, pageId);
  if (!page) throw notFound();
  return page;
}

/** A write: the page locked and its version moved, the incident (if any) locked, in one transaction. */
async function writeOn<T>(
  context: ServiceContext,
  caller: Caller,
  pageId: number,
  work: (transaction: Transaction, page: IncidentPage) => Promise<T>,
): Promise<T> {
  refuseDemo(caller);
  return context.runInTransaction(async (transaction) => {
    const page = await touchPage(transaction.db, pageId, caller.userId);
    if (!page) throw notFound();
    return work(transaction, page);
  });
}

async function lockedIncident(db: Database, pageId: number, incidentId: number): Promise<IncidentRow> {
  const incident = await findIncident(db, pageId, incidentId, true);
  if (!incident) throw notFound();
  return incident;
}

export async function listPageIncidents(
  context: ServiceContext,
  caller: Caller,
  pageId: number,
  query: IncidentsQuery,
): Promise<IncidentList> {
  await ownedPage(context.db, caller, pageId);
  const { rows, total } = await listIncidents(context.db, pageId, query);
  const details = await readDetails(context.db, rows);
  return offsetPage(details.map(presentIncident), total, query, `${context.config.PUBLIC_URL}${incidentsPath(pageId)}`);
}

export async function getPageIncident(
  context: ServiceContext,
  caller: Caller,
  pageId: number,
  incidentId: number,
): Promise<Incident> {
  await ownedPage(context.db, caller, pageId);
  const incident = await findIncident(context.db, pageId, incidentId);
  if (!incident) throw notFound();
  return present(context.db, incident);
}

export async function openIncident(
  context: ServiceContext,
  caller: Caller,
  pageId: number,
  input: IncidentInput,
): Promise<Incident> {
  return writeOn(context, caller, pageId, async (transaction, page) => {
    const onPage = await pageMonitorIds(transaction.db, pageId);
    input.monitors.forEach((monitorId, index) => {
      if (!onPage.has(monitorId)) throw invalidField(`monitors.${index}`, 'This monitor is not on this page.');
    });
    const now = context.now();
    const id = await insertIncident(transaction.db, {
      pageId,
      title: input.title,
      origin: 'manual',
      state: input.state,
      startedAt: now,
      now,
    });
    await addIncidentMonitors(transaction.db, id, [...new Set(input.monitors)]);
    await publishUpdate(
      context,
      transaction,
      page,
      { id, title: input.title },
      {
        state: input.state,
        body: input.body,
        automatic: false,
        at: now,
      },
    );
    return present(transaction.db, await lockedIncident(transaction.db, pageId, id));
  });
}

export async function editIncident(
  context: ServiceContext,
  caller: Caller,
  pageId: number,
  incidentId: number,
  patch: IncidentPatch,
): Promise<Incident> {
  return writeOn(context, caller, pageId, async (transaction) => {
    const incident = await lockedIncident(transaction.db, pageId, incidentId);
    if (patch.postmortem && incident.resolvedAt === null) {
      throw invalidField('postmortem', 'Only a resolved incident can have a post-mortem.');
    }
    await patchIncident(
      transaction.db,
      incidentId,
      { title: patch.title, postmortem: patch.postmortem === undefined ? undefined : patch.postmortem || null },
      context.now(),
    );
    return present(transaction.db, await lockedIncident(transaction.db, pageId, incidentId));
  });
}

export async function removeIncident(
  context: ServiceContext,
  caller: Caller,
  pageId: number,
  incidentId: number,
): Promise<void> {
  await writeOn(context, caller, pageId, async (transaction) => {
    if (!(await deleteIncident(transaction.db, pageId, incidentId))) throw notFound();
  });
}

/**
 * An update by the owner. `resolved` closes the incident; any other state on a resolved incident
 * reopens it (resolved_at cleared), unless it has a post-mortem, which belongs to a resolved
 * incident only. The number of updates is counted under the page's lock.
 */
export async function addIncidentUpdate(
  context: ServiceContext,
  caller: Caller,
  pageId: number,
  incidentId: number,
  input: IncidentUpdateInput,
): Promise<Incident> {
  return writeOn(context, caller, pageId, async (transaction, page) => {
    const incident = await lockedIncident(transaction.db, pageId, incidentId);
    if (input.state !== 'resolved' && incident.postmortem !== null) {
      throw invalidField('state', 'Remove the post-mortem before reopening this incident.');
    }
    if ((await countUpdates(transaction.db, incidentId)) >= INCIDENT_UPDATES_MAX) {
      throw new AppError('CONFLICT', `An incident can have at most ${INCIDENT_UPDATES_MAX} updates.`);
    }
    await publishUpdate(context, transaction, page, incident, { ...input, automatic: false, at: context.now() });
    return present(transaction.db, await lockedIncident(transaction.db, pageId, incidentId));
  });
}

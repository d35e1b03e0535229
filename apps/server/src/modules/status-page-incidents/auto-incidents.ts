import { INCIDENT_TITLE_MAX_LENGTH } from '@paydar/contracts/status-page-incidents';
import { INCIDENT_GRACE_MS } from '@paydar/domain/incident-grouping';
import type { ServiceContext } from '../../context';
import type { Transaction } from '../../db/transaction';
import type { PendingEvent } from '../alerts/alert-dispatch.repository';
import { eventsInMaintenance } from '../maintenance/maintenance-spans.repository';
import {
  downIsStale,
  findJoinableIncident,
  finishedAutoIncidents,
  pagesOfMonitors,
  publicNameOn,
  publicNamesOn,
} from './auto-incidents.repository';
import { publishUpdate } from './incident-publish';
import { autoOpenedBody, autoResolvedBody, autoTitle } from './incident-texts';
import {
  addIncidentMonitors,
  type IncidentPage,
  insertIncident,
  renameIncident,
  touchPage,
} from './incidents.repository';

/**
 * Automatic incidents (issue 16): a monitor on a page goes down → the page's incident (joined or
 * new); every member's downtime over → resolved, unless the owner wrote an update. Called by alert
 * dispatch inside the transaction that marks ingest's down/up events processed, so each event is
 * turned into incidents exactly once, whatever the retries, dispatchers or restarts.
 */

/** Joins the page's open (or just resolved) auto incident, or opens one titled by the monitor. */
async function openOrJoin(
  context: ServiceContext,
  transaction: Transaction,
  page: IncidentPage,
  event: PendingEvent,
): Promise<void> {
  const db = transaction.db;
  const name = await publicNameOn(db, page.id, event.monitorId);
  if (name === null) return;
  const joined = await findJoinableIncident(db, page.id, event.at, INCIDENT_GRACE_MS);
  if (!joined) {
    const title = autoTitle(page.language, [name]);
    const id = await insertIncident(db, {
      pageId: page.id,
      title,
      origin: 'auto',
      state: 'investigating',
      startedAt: event.at,
      now: context.now(),
    });
    await addIncidentMonitors(db, id, [event.monitorId]);
    await publishUpdate(
      context,
      transaction,
      page,
      { id, title },
      {
        state: 'investigating',
        body: autoOpenedBody(page.language, [name]),
        automatic: true,
        at: event.at,
      },
    );
    return;
  }
  const isNew = !joined.monitorIds.includes(event.monitorId);
  if (!isNew && !joined.resolved) return;
  let title = joined.title;
  if (isNew) {
    await addIncidentMonitors(db, joined.id, [event.monitorId]);
    // A title the service wrote names the monitors; one the owner changed stays theirs.
    const before = await publicNamesOn(db, page.id, joined.monitorIds);
    const renamed = autoTitle(page.language, [...before, name]);
    // Past the title's limit the first names stay the title: the affected list names them all.
    if (title === autoTitle(page.language, before) && renamed.length <= INCIDENT_TITLE_MAX_LENGTH) {
      title = renamed;
      await renameIncident(db, joined.id, title);
    }
  }
  if (joined.resolved) {
    await publishUpdate(
      context,
      transaction,
      page,
      { id: joined.id, title },
      {
        state: 'investigating',
        body: autoOpenedBody(page.language, [name]),
        automatic: true,
        at: event.at,
      },
    );
  }
}

/** Resolves the page's auto incidents that are over (all members up), with an automatic update. */
async function resolveFinished(
  context: ServiceContext,
  transaction: Transaction,
  page: IncidentPage,
  at: Date,
  monitorId?: number,
): Promise<number> {
  const finished = await finishedAutoIncidents(transaction.db, { pageId: page.id, monitorId, lock: true });
  for (const incident of finished) {
    const names = await publicNamesOn(transaction.db, page.id, incident.monitorIds);
    await publishUpdate(context, transaction, page, incident, {
      state: 'resolved',
      body: autoResolvedBody(page.language, names.length ? names : [page.title]),
      automatic: true,
      at,
    });
  }
  return finished.length;
}

/** Ingest's down/up events of this dispatch round → incidents, in the dispatch's transaction. */
export async function recordIncidentTransitions(
  context: ServiceContext,
  transaction: Transaction,
  events: readonly PendingEvent[],
): Promise<void> {
  const db = transaction.db;
  const transitions = events.filter((event) => event.kind === 'down' || event.kind === 'up');
  const pagesOf = await pagesOfMonitors(db, [...new Set(transitions.map((event) => event.monitorId))]);
  const pageIds = [...new Set([...pagesOf.values()].flat())].sort((a, b) => a - b);
  if (!pageIds.length) return;
  // Every page's lock first, in id order: owners' writes take the same lock, and no two dispatch
  // rounds can wait on each other's pages.
  const pages = new Map<number, IncidentPage>();
  for (const pageId of pageIds) {
    const page = await touchPage(db, pageId, null);
    if (page) pages.set(pageId, page);
  }
  const inMaintenance = await eventsInMaintenance(db, transitions);
  for (const event of [...transitions].sort((a, b) => a.id - b.id)) {
    for (const pageId of pagesOf.get(event.monitorId) ?? []) {
      const page = pages.get(pageId);
      if (!page) continue;
      if (event.kind === 'up') await resolveFinished(context, transaction, page, event.at, event.monitorId);
      else if (!inMaintenance.has(event.id) && !(await downIsStale(db, event.monitorId, event.downtimeId))) {
        await openOrJoin(context, transaction, page, event);
      }
    }
  }
}

/**
 * Resolves auto incidents that no up event will close: a member paused, deleted, or left in
 * maintenance ended its downtime without one. Run by the alerts' minutely sweep.
 */
export async function sweepAutoIncidents(context: ServiceContext): Promise<number> {
  const candidates = await finishedAutoIncidents(context.db, { lock: false });
  let resolved = 0;
  for (const pageId of [...new Set(candidates.map((incident) => incident.pageId))]) {
    resolved += await context.runInTransaction(async (transaction) => {
      const page = await touchPage(transaction.db, pageId, null);
      return page ? resolveFinished(context, transaction, page, context.now()) : 0;
    });
  }
  return resolved;
}

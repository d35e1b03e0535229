import type { IncidentState } from '@paydar/contracts/status-page-incidents';
import type { ServiceContext } from '../../context';
import type { Transaction } from '../../db/transaction';
import { queueSubscriberNotices } from '../status-page-subscribers/subscriber-notices';
import { renderMarkdown } from './incident-markdown';
import { composeIncidentNotice } from './incident-notice';
import { type IncidentPage, insertUpdate, setIncidentState } from './incidents.repository';

/**
 * Publishes one update, manual or automatic, inside the caller's transaction (which holds the
 * page's lock): the update row, the incident's state, and the subscribers' mail jobs commit
 * together or not at all, and the mail is keyed by the update so it goes once.
 */
export async function publishUpdate(
  context: ServiceContext,
  transaction: Transaction,
  page: IncidentPage,
  incident: { id: number; title: string },
  update: { state: IncidentState; body: string; automatic: boolean; at: Date },
): Promise<number> {
  const updateId = await insertUpdate(transaction.db, { incidentId: incident.id, ...update });
  await setIncidentState(transaction.db, incident.id, update.state, update.at);
  const notice = composeIncidentNotice({
    page,
    incident,
    update: { id: updateId, state: update.state, body: update.body, bodyHtml: renderMarkdown(update.body) },
    dashboardUrl: context.config.DASHBOARD_URL,
  });
  await queueSubscriberNotices(transaction, { statusPageId: page.id, ...notice });
  return updateId;
}

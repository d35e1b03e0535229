import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/transaction';
import type { WindowRow } from '../maintenance/maintenance.repository';
import { currentOrNextOf } from '../maintenance/maintenance-schedule';
import { maintenanceScheduledNotice } from './subscriber-messages';
import { queueSubscriberNotices } from './subscriber-notices';

/**
 * Tells the subscribers of every page showing one of a window's monitors that maintenance is
 * scheduled: once per window and page (key `maintenance-scheduled:<window>:<page>`), so the call
 * made on every create and edit mails a page again only when the window newly covers it.
 *
 * No notice when an occurrence starts: the scheduled notice already gave the time, a weekly window
 * would mail every subscriber every week, and the page's banner shows it while it lasts.
 */
export async function announceScheduledMaintenance(
  transaction: Transaction,
  window: WindowRow,
  now: number,
): Promise<number> {
  const occurrence = currentOrNextOf(window, now);
  if (!occurrence || !window.monitors.length) return 0;
  const pages = await transaction.db.execute<{
    id: number;
    title: string;
    language: 'en' | 'fa';
    time_zone: string;
    affected: string[];
  }>(sql`
    SELECT p.id, p.title, p.language, p.time_zone, array_agg(pm.public_name ORDER BY pm.section_id, pm.position) AS affected
    FROM status_pages p JOIN status_page_monitors pm ON pm.page_id = p.id
    WHERE p.user_id = ${window.userId} AND pm.monitor_id = ANY(${sql.param(window.monitors)}::int[])
    GROUP BY p.id ORDER BY p.id`);
  let queued = 0;
  for (const page of pages.rows) {
    const content = maintenanceScheduledNotice({
      language: page.language,
      timeZone: page.time_zone,
      pageTitle: page.title,
      title: window.title,
      startsAt: occurrence.from,
      endsAt: occurrence.to,
      weekly: window.kind === 'weekly',
      affected: page.affected,
    });
    queued += await queueSubscriberNotices(transaction, {
      statusPageId: page.id,
      key: `maintenance-scheduled:${window.id}:${page.id}`,
      ...content,
    });
  }
  return queued;
}

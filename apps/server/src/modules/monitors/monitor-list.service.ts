import { pageOf } from '@paydar/contracts/common';
import { monitorSummaryWire } from '@paydar/contracts/monitor-summary';
import { z } from 'zod';
import type { Caller, ServiceContext } from '../../context';
import type { VersionedAnswer } from '../../http/conditional';
import { offsetPage, wholeList } from '../../http/pagination';
import { keptList, type MonitorListCache } from './monitor-list-cache';
import { presentMonitorSummary } from './monitor-summary.presenter';
import { countUserMonitors, listUserMonitorRows } from './monitors.repository';

export const MONITORS_PATH = '/api/v1/monitors/';
const listAnswer = pageOf(monitorSummaryWire);

/**
 * `GET /api/v1/monitors/` without `limit`, as the dashboard asks for it: the caller's whole list,
 * newest first. Kept per user (monitor-list-cache.ts), so a crowd of dashboards costs one query,
 * one encoding (checked by the response schema, as Fastify's serializer would) and one
 * compression per change, and a browser holding the answer gets 304.
 */
export async function listAllMonitors(
  context: ServiceContext,
  lists: MonitorListCache,
  caller: Caller,
): Promise<VersionedAnswer> {
  const { userId } = caller;
  const kept = await lists.get(`list:${userId}`, async () => {
    const rows = await listUserMonitorRows(context.db, userId);
    const answer = z.encode(listAnswer, wholeList(rows.map(presentMonitorSummary)));
    return keptList(
      userId,
      rows.map((row) => row.id),
      JSON.stringify(answer),
    );
  });
  if (!kept) throw new Error(`the monitor list of user ${userId} could not be read`);
  return { etag: kept.etag, read: async () => kept.body };
}

/** `GET /api/v1/monitors/?limit=…&offset=…`: one page of the caller's monitors, read each time. */
export async function listMonitorsPage(
  context: ServiceContext,
  caller: Caller,
  page: { limit: number; offset: number },
) {
  const [rows, total] = await Promise.all([
    listUserMonitorRows(context.db, caller.userId, page),
    countUserMonitors(context.db, caller.userId),
  ]);
  return offsetPage(rows.map(presentMonitorSummary), total, page, `${context.config.PUBLIC_URL}${MONITORS_PATH}`);
}

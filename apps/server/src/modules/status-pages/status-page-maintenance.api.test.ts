import { DAY_MS, HOUR_MS, MINUTE_MS } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, callAs, setPlan } from '../../../test/factories';
import { checkedMonitor, localProberOf, onceWindow, pageOf } from '../../../test/status-page-world';
import { useTestServer } from '../../../test/use-test-server';
import { STATUS_PAGE_TICK_MS } from './status-pages.public.service';

const server = useTestServer();
let owner: BuiltUser;
let proberId: number;
const PUBLIC = '/api/v1/public/status_pages';

beforeAll(async () => {
  owner = await buildUser(server);
  await setPlan(server, owner.id, 'Enterprise');
  proberId = await localProberOf(server);
});

interface Occurrence {
  title: string;
  starts_at: string;
  ends_at: string;
  affected: string[];
}
const read = async (slug: string) => {
  const response = await server.app.inject({ method: 'GET', url: `${PUBLIC}/${slug}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    banner: string;
    maintenance_now: Occurrence[];
    maintenance_scheduled: Occurrence[];
    sections: Array<{ monitors: Array<{ status: string }> }>;
  };
};

describe('maintenance on the public page', () => {
  it('is scheduled ahead, shown during (the banner says maintenance), and gone after', async () => {
    const monitor = await checkedMonitor(server, owner, proberId);
    const page = await pageOf(server, owner, [monitor]);
    // Read first, so a kept answer must be dropped for the window to show.
    expect((await read(page.slug)).maintenance_scheduled).toEqual([]);
    const start = Math.ceil((Date.now() + 2 * HOUR_MS) / MINUTE_MS) * MINUTE_MS;
    await onceWindow(server, owner, [monitor], start, start + HOUR_MS);

    const ahead = await read(page.slug);
    expect(ahead.maintenance_scheduled).toEqual([
      {
        title: 'Database upgrade',
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(start + HOUR_MS).toISOString(),
        affected: ['Service 0'],
      },
    ]);
    expect(ahead.maintenance_now).toEqual([]);
    expect(ahead.banner).toBe('operational');

    server.clock.offsetMs = start + 30 * MINUTE_MS - Date.now();
    const during = await read(page.slug);
    expect(during.maintenance_now.map((m) => m.title)).toEqual(['Database upgrade']);
    expect(during.maintenance_scheduled).toEqual([]);
    expect(during.sections[0]?.monitors[0]?.status).toBe('maintenance');
    expect(during.banner).toBe('maintenance');

    server.clock.offsetMs = start + 90 * MINUTE_MS - Date.now();
    const after = await read(page.slug);
    expect(after.maintenance_now).toEqual([]);
    expect(after.maintenance_scheduled).toEqual([]);
    expect(after.banner).toBe('operational');
  });

  it('agrees with itself when a window going on is made mid-tick: the list, the monitor and the banner', async () => {
    const monitor = await checkedMonitor(server, owner, proberId);
    const other = await checkedMonitor(server, owner, proberId);
    const page = await pageOf(server, owner, [monitor, other]);
    // 20 s into a 30-second tick: the answer is computed at the tick's start, before the window's
    // spans, which are written from the moment it is made (the past is not rewritten).
    const tickStart = (Math.floor(Date.now() / STATUS_PAGE_TICK_MS) + 1) * STATUS_PAGE_TICK_MS;
    server.clock.offsetMs = tickStart + 20_000 - Date.now();
    await onceWindow(server, owner, [monitor], tickStart - 10 * MINUTE_MS, tickStart + HOUR_MS);
    const answer = await read(page.slug);
    expect(answer.maintenance_now.map((m) => m.affected)).toEqual([['Service 0']]);
    expect(answer.sections[0]?.monitors.map((m) => m.status)).toEqual(['maintenance', 'up']);
    expect(answer.banner).toBe('maintenance');
  });

  it('shows an edit and a removal of a window at once', async () => {
    const monitor = await checkedMonitor(server, owner, proberId);
    const page = await pageOf(server, owner, [monitor]);
    const start = Date.now() + 3 * HOUR_MS;
    const windowId = await onceWindow(server, owner, [monitor], start, start + HOUR_MS, 'Old title');
    expect((await read(page.slug)).maintenance_scheduled.map((m) => m.title)).toEqual(['Old title']);
    const edited = await callAs(server, owner, 'PUT', `/api/v1/maintenance_windows/${windowId}`, {
      title: 'New title',
      monitors: [monitor],
      kind: 'once',
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(start + HOUR_MS).toISOString(),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await read(page.slug)).maintenance_scheduled.map((m) => m.title)).toEqual(['New title']);
    const removed = await callAs(server, owner, 'DELETE', `/api/v1/maintenance_windows/${windowId}`);
    expect(removed.statusCode).toBeLessThan(300);
    expect((await read(page.slug)).maintenance_scheduled).toEqual([]);
  });

  it('expands a weekly window into each occurrence of the days ahead, soonest first', async () => {
    const monitor = await checkedMonitor(server, owner, proberId);
    const page = await pageOf(server, owner, [monitor]);
    const response = await callAs(server, owner, 'POST', '/api/v1/maintenance_windows', {
      title: 'Nightly backup',
      monitors: [monitor],
      kind: 'weekly',
      time_zone: 'UTC',
      days_of_week: [1, 4],
      start_time: '02:00',
      duration_minutes: 30,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { maintenance_scheduled: scheduled, maintenance_now: now } = await read(page.slug);
    const all = [...now, ...scheduled];
    // Mondays and Thursdays within 14 days: four occurrences, five when one is going on or just at the edge.
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.length).toBeLessThanOrEqual(5);
    const starts = scheduled.map((m) => Date.parse(m.starts_at));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const occurrence of all) {
      const at = new Date(occurrence.starts_at);
      expect([1, 4]).toContain(at.getUTCDay());
      expect(at.toISOString().slice(11, 16)).toBe('02:00');
      expect(Date.parse(occurrence.ends_at) - at.getTime()).toBe(30 * MINUTE_MS);
      expect(at.getTime()).toBeLessThan(Date.now() + 14 * DAY_MS);
    }
  });

  it('leaves out a window of monitors not on the page, and another user’s window', async () => {
    const shown = await checkedMonitor(server, owner, proberId);
    const elsewhere = await checkedMonitor(server, owner, proberId);
    const page = await pageOf(server, owner, [shown]);
    const start = Date.now() + HOUR_MS;
    await onceWindow(server, owner, [elsewhere], start, start + HOUR_MS, 'Other monitors');
    const stranger = await buildUser(server);
    const theirs = await checkedMonitor(server, stranger, proberId);
    const strangerWindow = await onceWindow(server, stranger, [theirs], start, start + HOUR_MS, 'Stranger window');
    // Even a row tying the stranger's window to the owner's monitor (which the API never writes) shows nothing.
    await server.context.db.execute(
      sql`INSERT INTO maintenance_window_monitors (window_id, monitor_id) VALUES (${strangerWindow}, ${shown})`,
    );
    await server.context.db.execute(sql`UPDATE monitor_states SET monitor_id = monitor_id WHERE monitor_id = ${shown}`);
    const answer = await read(page.slug);
    expect(answer.maintenance_scheduled).toEqual([]);
    expect(answer.maintenance_now).toEqual([]);
  });
});

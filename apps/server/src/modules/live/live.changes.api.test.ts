import { describe, expect, it } from 'vitest';
import { checkResult } from '../../../test/check-results';
import { useLiveWorld } from './live.api-world';
import { isReady, monitorEvent } from './live.test-support';

/**
 * What the streams push besides checks (an added or edited monitor, maintenance starting and
 * ending), and the shared stream's view of its one monitor.
 */
const { world, stream, nextTime, monitorBody, ownerHeaders } = useLiveWorld();

describe('what is pushed besides checks', () => {
  it('tells an added monitor with what the list shows of it, then an edit, to the owner only', async () => {
    const live = await stream('/api/v1/live/', ownerHeaders());
    await live.next(isReady);
    const created = await world.server.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: world.owner.headers,
      payload: { ...monitorBody(), alias: 'shop', labels: ['web'] },
    });
    expect(created.statusCode).toBe(201);
    const { id, creation_time: creationTime } = created.json() as { id: number; creation_time: string };
    const added = await live.next(monitorEvent(id));
    expect(added.data.item).toMatchObject({
      protocol_type: 'HTTP',
      url: 'http://93.184.216.34/',
      host: null,
      alias: 'shop',
      labels: ['web'],
      is_protected: false,
      creation_time: creationTime,
    });

    const from = live.events.length;
    const edited = await world.server.app.inject({
      method: 'PUT',
      url: `/api/v1/monitors/${id}/`,
      headers: world.owner.headers,
      payload: { ...monitorBody(), alias: 'shop front', labels: ['web', 'eu'], period: 60 },
    });
    expect(edited.statusCode).toBe(200);
    const change = await live.next(
      monitorEvent(id, (data) => (data.item as { alias: string }).alias === 'shop front'),
      from,
    );
    expect(change.data.item).toMatchObject({ labels: ['web', 'eu'], creation_time: creationTime });
    // The settings moved: the detail and the form read the monitor again.
    expect((change.data.item as { edited_at: string }).edited_at).not.toBe(
      (added.data.item as { edited_at: string }).edited_at,
    );

    const token = (
      await world.server.app.inject({ method: 'GET', url: `/api/v1/monitors/${id}/`, headers: world.owner.headers })
    ).json().token as string;
    const shared = await stream(`/api/v1/live/shared/${token}`);
    const seen = await shared.next(monitorEvent(id));
    expect(seen.data.item).toBeUndefined();
  });

  it('tells a maintenance window starting and ending on schedule, with no check in between', async () => {
    const id = await world.createMonitor(['Solo']);
    const live = await stream('/api/v1/live/', ownerHeaders());
    await live.next(isReady);
    const startsAt = Date.now() + 3_000;
    const endsAt = startsAt + 3_000;
    const created = await world.server.app.inject({
      method: 'POST',
      url: '/api/v1/maintenance_windows',
      headers: world.owner.headers,
      payload: {
        title: 'Upgrade',
        monitors: [id],
        kind: 'once',
        starts_at: new Date(startsAt).toISOString(),
        ends_at: new Date(endsAt).toISOString(),
      },
    });
    expect(created.statusCode).toBe(201);
    const inside = await live.next(
      monitorEvent(id, (data) => data.in_maintenance_until !== null),
      0,
      20_000,
    );
    expect(inside.data.in_maintenance_until).toBe(new Date(endsAt).toISOString());
    const from = live.events.indexOf(inside) + 1;
    const after = await live.next(
      monitorEvent(id, (data) => data.in_maintenance_until === null),
      from,
      20_000,
    );
    expect(after.data.last_check_at).toBeNull();
  });
});

describe('the shared stream', () => {
  it('shows the one monitor its token names, without owner data; an unknown token is a 404', async () => {
    const id = await world.createMonitor(['Solo']);
    const token = (
      await world.server.app.inject({ method: 'GET', url: `/api/v1/monitors/${id}/`, headers: world.owner.headers })
    ).json().token as string;
    const elsewhere = await world.createMonitor(['Solo']);
    const shared = await stream(`/api/v1/live/shared/${token}`);
    expect(shared.status).toBe(200);
    expect((await shared.next(isReady)).data.ids).toEqual([id]);
    // Its state comes first: the page may have been handed a cached answer.
    expect(shared.events[0]).toMatchObject({ event: 'monitor', data: { id } });

    await world.post('Solo', [checkResult(elsewhere, nextTime(), true)]);
    await world.post('Solo', [checkResult(id, nextTime(), true)]);
    const event = await shared.next(monitorEvent(id, (data) => data.last_check_at !== null));
    expect(Object.keys(event.data).sort()).toEqual(
      [
        'confirming',
        'downtime_from',
        'id',
        'is_down',
        'is_enabled',
        'is_flapping',
        'is_slow',
        'last_check_at',
        'last_status',
        'last_status_code',
        'in_maintenance_until',
      ].sort(),
    );
    expect(shared.events.every((received) => received.event !== 'monitor' || received.data.id === id)).toBe(true);

    expect((await stream('/api/v1/live/shared/no-such-token')).status).toBe(404);
  });
});

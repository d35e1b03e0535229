import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import type { BuiltUser } from '../../../test/factories';
import {
  type AlertWorld,
  buildAlertOwner,
  createAlertedMonitor,
  postResult,
  startAlertWorld,
} from '../alerts/alerts.test-support';
import { pageOf, storedIncidents } from './incidents.test-support';

const SECOND = 1_000;
let world: AlertWorld;
let owner: BuiltUser;

beforeAll(async () => {
  world = await startAlertWorld();
  owner = await buildAlertOwner(world, {}, { plan: 'Gold' });
});
afterAll(() => world.stop());

describe('automatic incidents through real ingest and the dispatch job', () => {
  it('opens when the majority of probers see the monitor fail and resolves when they see it work', async () => {
    const { id: monitorId } = await createAlertedMonitor(world, owner, []);
    const page = await pageOf(world.server, owner, [{ id: monitorId, name: 'Shop' }]);
    const start = Date.now() - 10 * 60 * SECOND;
    for (const prober of ['A', 'B', 'C']) await postResult(world, prober, monitorId, start, true);
    await postResult(world, 'A', monitorId, start + 60 * SECOND, false);
    await postResult(world, 'C', monitorId, start + 61 * SECOND, true);
    await postResult(world, 'B', monitorId, start + 62 * SECOND, false);
    const [opened] = await eventually(async () => {
      const incidents = await storedIncidents(world.server, page.id);
      expect(incidents).toHaveLength(1);
      return incidents;
    });
    expect(opened).toMatchObject({ title: 'Shop is down', state: 'investigating', monitors: [monitorId] });
    await postResult(world, 'A', monitorId, start + 302 * SECOND, true);
    await postResult(world, 'B', monitorId, start + 303 * SECOND, true);
    await eventually(async () => {
      const [incident] = await storedIncidents(world.server, page.id);
      expect(incident?.state).toBe('resolved');
      expect(incident?.updates.map((update) => update.state)).toEqual(['investigating', 'resolved']);
    });
  });
});

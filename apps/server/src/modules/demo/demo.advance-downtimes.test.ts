import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { DEMO_MONITORS } from './demo.catalogue';
import { advanceDemoData, seedDemoData } from './demo.service';
import { downSpans, type Span } from './demo-incidents';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A whole minute strictly inside the span, if it holds one: where a run of the job can end. */
const minuteInside = (span: Span) => {
  const minute = Math.ceil((span.from + 1) / MINUTE) * MINUTE;
  return minute < span.to ? minute : undefined;
};

describe('a run that ends the downtime the last run left open and opens the next', () => {
  let server: TestServer;
  let seededAt: number;
  beforeAll(async () => {
    server = await startTestServer({ DEMO_DATA_ENABLED: 'false' });
    server.clock.offsetMs = -5 * HOUR;
    seededAt = server.context.now().getTime();
    await seedDemoData(server.context);
    server.clock.offsetMs = 0;
  }, 120_000);
  afterAll(() => server.close());

  it('closes the old one, then opens the new one: one open downtime, as one pass would leave', async () => {
    const flapping = DEMO_MONITORS.find((spec) => spec.behaviour === 'flapping');
    if (!flapping) throw new Error('the catalogue has no flapping monitor');
    // Two flaps in a row, each holding a whole minute: one run ends inside the first, the next inside the second.
    const spans = downSpans(flapping, seededAt + 2 * MINUTE, Date.now() - HOUR);
    const index = spans.findIndex(
      (span, at) => minuteInside(span) !== undefined && spans[at + 1] && minuteInside(spans[at + 1] as Span),
    );
    const [first, second] = [spans[index], spans[index + 1]] as [Span, Span];
    expect(index).toBeGreaterThanOrEqual(0);

    for (const end of [minuteInside(first), minuteInside(second)] as number[]) {
      server.clock.offsetMs = end + 5_000 - Date.now();
      expect((await advanceDemoData(server.context))?.to).toBe(end);
    }
    server.clock.offsetMs = 0;

    const { rows } = await server.context.db.execute<{ from_ms: number; to_ms: number | null }>(sql`
      SELECT (extract(epoch FROM from_time) * 1000)::float8 AS from_ms, (extract(epoch FROM to_time) * 1000)::float8 AS to_ms
      FROM downtimes WHERE monitor_id = (SELECT id FROM monitors WHERE is_demo AND alias = ${flapping.alias})
        AND from_time >= to_timestamp(${first.from}::float8 / 1000)`);
    expect(rows).toEqual([
      { from_ms: first.from, to_ms: first.to },
      { from_ms: second.from, to_ms: null },
    ]);
  });
});

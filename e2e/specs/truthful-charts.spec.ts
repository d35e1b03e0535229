import type { Page } from '@playwright/test';
import { verifiedUser } from '../support/accounts';
import { admin } from '../support/admin-cli';
import { api } from '../support/api';
import { database } from '../support/database';
import { shootAtEachSize, shotPath } from '../support/screenshots';
import { registerProbers } from '../support/seed-results';
import { expect, test } from '../support/test';

/**
 * Issue 15, point 3, "charts that tell the truth": a monitor with a 0 % hour between hours without
 * data draws the worst hour as a red bar labelled 0% and the empty hours as hatched 'No data' slots;
 * a down monitor's response-time and phase charts say "No successful check today" instead of being
 * blank; the 7/30/90-day uptime and the p50/p95 chart stand beside the day's figures, on the
 * owner's detail and on a shared link; the charts redraw in a dark colour scheme. Rollups,
 * downtimes and states are seeded in the database (the probers are registered, never run, so no
 * real check changes them). Screenshots at desktop and phone sizes.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const iso = (ms: number) => new Date(ms).toISOString();

type Seeded = { monitorId: number; endsAt: number };

async function createMonitor(page: Page, alias: string, proberIds: number[]): Promise<number> {
  const created = (await api(page, 'POST', '/api/v1/monitors/', {
    protocol_type: 'HTTP',
    url: `http://127.0.0.1:9/${alias}`,
    alias,
    period: 300,
    apdex: 0.5,
    probers: proberIds,
  })) as { id: number };
  return created.id;
}

/** One prober's rollup of an hour: `good` successful checks under 125 ms, `failed` failed ones. */
const rollupSql = `
  INSERT INTO quarter_rollups (monitor_id, prober_id, quarter, checks, failures, satisfied, frustrated,
    bucket_0, bucket_2, duration_sum)
  VALUES ($1::int, $2::int, $3::timestamptz, $4::int + $5::int, $5::int, $4::int, $5::int,
    $4::int - $4::int / 4, $4::int / 4, $4::int * 100)
  ON CONFLICT DO NOTHING`;

async function seed(page: Page): Promise<{ worst: Seeded; down: Seeded }> {
  const probers = await registerProbers(2, 'charts');
  const ids = probers.map((prober) => prober.id);
  const worstId = await createMonitor(page, 'worst-hour', ids);
  const downId = await createMonitor(page, 'down-all-day', ids);
  const now = Date.now();
  const today = now - (now % DAY_MS);
  const lastCheck = now - 60_000;
  // The live apdex chart ends with the hour of the last check: its slots pair hours from there.
  const endsAt = lastCheck - (lastCheck % HOUR_MS) + HOUR_MS;
  const db = await database();
  try {
    for (const [id, since, isDown] of [
      [worstId, today - 40 * DAY_MS, false],
      [downId, today - 2 * DAY_MS, true],
    ] as const) {
      await db.query(
        `INSERT INTO monitor_states (monitor_id, first_check_at, last_check_at, is_down, state_since, last_status_code)
         VALUES ($1, $2, $3, $4, $2, $5)
         ON CONFLICT (monitor_id) DO UPDATE SET first_check_at = $2, last_check_at = $3, is_down = $4,
           state_since = $2, last_status_code = $5`,
        [id, iso(since), iso(lastCheck), isDown, isDown ? 503 : 200],
      );
    }
    // The worst-hour monitor: all good in the last two hours, every check failed six hours back
    // (0 %, the worst), nothing in the hours between and before (no data). A week of p50/p95 too.
    for (const prober of ids) {
      await db.query(rollupSql, [worstId, prober, iso(endsAt - 2 * HOUR_MS), 12, 0]);
      await db.query(rollupSql, [worstId, prober, iso(endsAt - HOUR_MS), 12, 0]);
      await db.query(rollupSql, [worstId, prober, iso(endsAt - 6 * HOUR_MS), 0, 12]);
      // Every hour of the six days before the chart's 24 hours (so the apdex slots stay as set),
      // slower as the hours go back: the 7-day p50/p95 lines have a slope.
      await db.query(
        `INSERT INTO quarter_rollups (monitor_id, prober_id, quarter, checks, satisfied, tolerating, bucket_1, bucket_3)
         SELECT $1::int, $2::int, hour, 12, 12 - (n % 6), n % 6, 12 - (n % 6), n % 6
         FROM generate_series(25, 167) AS n, LATERAL (SELECT $3::timestamptz - n * interval '1 hour' AS hour) AS h
         ON CONFLICT DO NOTHING`,
        [worstId, prober, iso(endsAt)],
      );
    }
    // One hour down ten days ago: 100 % over 7 days, below it over 30 and 90.
    await db.query(`INSERT INTO downtimes (monitor_id, from_time, to_time, ended_by) VALUES ($1, $2, $3, 'recovery')`, [
      worstId,
      iso(today - 10 * DAY_MS),
      iso(today - 10 * DAY_MS + HOUR_MS),
    ]);
    // The down monitor: down since yesterday, every check of today failed.
    await db.query('INSERT INTO downtimes (monitor_id, from_time) VALUES ($1, $2)', [downId, iso(today - DAY_MS)]);
    for (let hour = today; hour < now; hour += HOUR_MS) {
      for (const prober of ids) await db.query(rollupSql, [downId, prober, iso(hour), 0, 12]);
    }
  } finally {
    await db.end();
  }
  return { worst: { monitorId: worstId, endsAt }, down: { monitorId: downId, endsAt } };
}

test('charts tell no-data from 0 %, say why they are empty, and show 7/30/90 days and p50/p95', async ({ page }) => {
  test.setTimeout(360_000);
  const { email } = await verifiedUser(page, 'charts');
  await admin('set-plan', email, 'Gold');
  // Off the dashboard while seeding: there a new monitor opens at once, and its trends, read before
  // the seed's rows are in, stay cached under an unchanged version (the rows bypass the API).
  await page.goto('/account');
  const { worst, down } = await seed(page);

  const trendsAnswer = page.waitForResponse((response) =>
    response.url().includes(`/api/v1/monitors/${worst.monitorId}/metric/trends`),
  );
  await page.goto(`/monitor/${worst.monitorId}`);
  const detail = page.getByRole('region', { name: 'Monitor detail' });

  // The apdex chart: the 0 % slot is drawn (a bar with its label), the empty ones are 'No data'.
  const apdex = detail.getByTestId('section-hourly-apdex');
  // The chart code is its own chunk, fetched on first use: on a busy machine that can take a while.
  await expect(apdex.getByTestId('chart-hourly-apdex')).toHaveAttribute('data-rendered', 'true', { timeout: 90_000 });
  await expect(apdex.getByText('No data')).toBeVisible();
  const zeroSlot = await apdex.getByTestId('chart-hourly-apdex').boundingBox();
  expect(zeroSlot).not.toBeNull();
  // Hover the 0 % slot (slot 9 of 12) and the one before it: the tooltip tells them apart.
  const box = zeroSlot as { x: number; y: number; width: number; height: number };
  const slotX = (index: number) => box.x + 36 + ((box.width - 44) / 12) * (index + 0.5);
  await page.mouse.move(slotX(9), box.y + box.height - 40);
  await expect(apdex.getByText(/– \d\d:\d\d\s*Apdex 0%/)).toBeVisible();
  await page.mouse.move(slotX(7), box.y + box.height - 40);
  await expect(apdex.getByText(/– \d\d:\d\d\s*No data/)).toBeVisible();

  // 7/30/90 days beside the day's figures.
  await expect(detail.getByTestId('uptime-7-days')).toHaveText('100%');
  await expect(detail.getByTestId('uptime-30-days')).toHaveText(/^99\.\d+%$/);
  await expect(detail.getByTestId('uptime-90-days')).toHaveText(/^99\.\d+%$/);

  // The p50/p95 chart, for the day and for 7 days, from the hourly buckets.
  const trends = await (await trendsAnswer).json();
  const slot = (endsAtHour: number) => Math.round((endsAtHour - Date.parse(trends.response_time.day.from)) / HOUR_MS);
  expect(trends.response_time.day.probers[0].p50[slot(worst.endsAt - HOUR_MS)]).toBe(83.3);
  const percentiles = detail.getByTestId('section-percentiles');
  await expect(percentiles.getByTestId('chart-percentiles')).toHaveAttribute('data-rendered', 'true');
  await shootAtEachSize(page, 'charts-worst-hour', 400);
  await percentiles.getByText('7 days').click();
  await expect(percentiles.getByRole('img', { name: /the last 7 days/ })).toHaveAttribute('data-rendered', 'true');
  await percentiles.screenshot({ path: shotPath('charts-worst-hour-week') });
  for (const section of ['section-hourly-apdex', 'section-percentiles', 'uptime-windows']) {
    await detail.getByTestId(section).screenshot({ path: shotPath(`charts-worst-hour-${section}`) });
  }

  // A down monitor: its response-time and phase charts say why they are empty.
  await page.goto(`/monitor/${down.monitorId}`);
  await expect(detail.getByTestId('section-response-time').getByText('No successful check today')).toBeVisible();
  await expect(detail.getByTestId('section-phase-timings').getByText('No successful check today')).toBeVisible();
  await expect(detail.getByTestId('section-percentiles').getByText('No successful check today')).toBeVisible();
  // Its apdex is 0 % every hour of today: drawn, not empty.
  await expect(detail.getByTestId('chart-hourly-apdex')).toHaveAttribute('data-rendered', 'true');
  await shootAtEachSize(page, 'charts-down-monitor', 400);

  // A shared link shows the 7/30/90-day figures too, through the public call.
  const { token } = await api<{ token: string }>(page, 'GET', `/api/v1/monitors/${worst.monitorId}/`);
  await page.goto(`/symlink/${token}`);
  await expect(page.getByTestId('uptime-7-days')).toHaveText('100%');
  await expect(page.getByTestId('uptime-30-days')).toHaveText(/^99\.\d+%$/);
  await expect(page.getByTestId('chart-percentiles')).toHaveAttribute('data-rendered', 'true');

  // In a dark colour scheme the charts redraw with the theme's colours (axes, grid, no-data hatch).
  await page.evaluate(() => localStorage.setItem('paydar.color-scheme', 'dark'));
  await page.goto(`/monitor/${worst.monitorId}`);
  const darkApdex = detail.getByTestId('chart-hourly-apdex');
  await expect(darkApdex).toHaveAttribute('data-color-scheme', 'dark');
  await expect(darkApdex).toHaveAttribute('data-rendered', 'true');
  for (const section of ['section-hourly-apdex', 'section-percentiles']) {
    await detail.getByTestId(section).screenshot({ path: shotPath(`charts-dark-${section}`) });
  }
});

import { verifiedUser } from '../support/accounts';
import { database } from '../support/database';
import { loopbackTarget } from '../support/loopback-target';
import { createMonitor } from '../support/monitors';
import { shootAtEachSize } from '../support/screenshots';
import { expect, test } from '../support/test';

/**
 * Issue 13, "a paused monitor is paused": the detail of a monitor paused twice today — once earlier
 * (seeded: a downtime its pause ended, then two paused hours' worth of the day) and once now, by
 * its owner's toggle — shows each paused span as a grey band labelled 'Paused' and in a list, and
 * the downtime the pause ended as '(paused)'. Screenshots at desktop and phone sizes.
 */

const target = loopbackTarget('/paused');
const DAY_MS = 86_400_000;

test('the detail shows the paused spans of a monitor', async ({ page }) => {
  test.setTimeout(270_000);
  await verifiedUser(page, 'paused');
  const created = await createMonitor(page, { url: target.url, alias: 'shop' });

  // Earlier today, as shares of the day so far: watched from 10 %, down from 30 %, paused by its
  // owner at 40 % (which ended the downtime) until 70 %.
  const now = Date.now();
  const dayStart = now - (now % DAY_MS);
  const at = (share: number) => new Date(dayStart + (now - dayStart) * share).toISOString();
  const db = await database();
  try {
    await db.query('UPDATE monitor_states SET first_check_at = $1 WHERE monitor_id = $2', [at(0.1), created.id]);
    await db.query(`INSERT INTO downtimes (monitor_id, from_time, to_time, ended_by) VALUES ($1, $2, $3, 'pause')`, [
      created.id,
      at(0.3),
      at(0.4),
    ]);
    await db.query('INSERT INTO monitor_pauses (monitor_id, started_at, ended_at) VALUES ($1, $2, $3)', [
      created.id,
      at(0.4),
      at(0.7),
    ]);
  } finally {
    await db.end();
  }

  await page.goto(`/monitor/${created.id}`);
  const detail = page.getByRole('region', { name: 'Monitor detail' });
  await expect(detail.getByText('Paused (1)')).toBeVisible();
  // Paused again now, by the owner.
  await detail.getByRole('switch', { name: 'Enabled' }).click({ force: true });
  await expect(detail.locator('.mantine-Badge-root', { hasText: /^Disable$/ })).toBeVisible();
  await page.reload();

  await expect(detail.getByText('Paused (2)')).toBeVisible();
  const timeline = detail.getByRole('img', { name: 'Timeline of the day: 1 downtime, paused 2 times' });
  // The earlier pause is drawn; it is labelled only when at least 6 % of the day wide (day-timeline's
  // LABEL_MIN_WIDTH) — not in the first hours of a UTC day, when 30 % of the day so far is narrower.
  const pausedShare = (0.3 * (now - dayStart)) / DAY_MS;
  await expect(timeline.locator('[data-status="paused"]').first()).toBeAttached();
  const labelled = timeline.locator('[data-status="paused"]', { hasText: 'Paused' });
  if (pausedShare >= 0.065) await expect(labelled).toHaveCount(1);
  if (pausedShare < 0.055) await expect(labelled).toHaveCount(0);
  await expect(detail.getByRole('table', { name: 'Downtimes' }).getByText(/\(paused\)$/)).toBeVisible();
  const paused = detail.getByRole('table', { name: 'Paused' });
  await expect(paused.getByRole('row')).toHaveCount(3);
  await expect(paused.getByText('Now')).toBeVisible();
  await shootAtEachSize(page, 'detail-paused', 400);
});

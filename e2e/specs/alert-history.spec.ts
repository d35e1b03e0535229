import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { verifiedUser } from '../support/accounts';
import { addTag, channelTag } from '../support/alert-center';
import { api } from '../support/api';
import { webhookRequests, webhookRespondNext, webhookUrl } from '../support/outside';
import { atEachSize, shotsDir as screenshotsDir } from '../support/screenshots';
import { registerProbers, seedRange } from '../support/seed-results';
import { expect, test } from '../support/test';

/**
 * Test a channel and read the history (issue 14): a verified user adds a webhook (verified by its
 * signed delivery), presses "Send test" on its tag, sees the outcome beside the channel, the fake
 * target gets a `channel.test` event in the profile's time zone, and the history shows the row as
 * a Test that was sent. Screenshots go to e2e/screenshots/ (or E2E_HISTORY_SHOTS) at 1280 and 390 px.
 */

const shotsDir = process.env.E2E_HISTORY_SHOTS ?? screenshotsDir;

async function shoot(page: Page, name: string, fullPage = true) {
  mkdirSync(shotsDir, { recursive: true });
  await atEachSize(page, async (size) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(shotsDir, `${name}-${size.width}.png`), fullPage });
  });
}

type TestEvent = {
  event: string;
  kind: string;
  notification_id: number;
  time_zone: string;
  local_time: string;
  monitor: unknown;
};

// A browser in Tehran: sign-up gives the account the browser's zone (issue 15).
test.use({ timezoneId: 'Asia/Tehran' });

test('send a test to a webhook, see the outcome where it was clicked, and the row in the history', async ({ page }) => {
  test.setTimeout(360_000);
  await verifiedUser(page, 'history');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Alert Center' })).toBeVisible();

  const hook = webhookUrl();
  await addTag(page, 'Webhook', hook);
  await expect(channelTag(page, hook, 'verified')).toBeVisible({ timeout: 90_000 });
  const before = (await webhookRequests()).length;

  await page.getByRole('button', { name: `Send a test message to ${hook}` }).click();
  const outcome = page.getByRole('status', { name: 'Test outcome' });
  await expect(outcome).toHaveText(`${hook}: Test sent: Delivered (HTTP 204).`, { timeout: 60_000 });

  // The target got one clearly marked test, in the profile's zone (the browser's at sign-up: Asia/Tehran).
  const tests = (await webhookRequests())
    .slice(before)
    .map((request) => JSON.parse(request.body) as TestEvent)
    .filter((body) => body.event === 'channel.test');
  expect(tests).toHaveLength(1);
  expect(tests[0]).toMatchObject({ kind: 'test', monitor: null, time_zone: 'Asia/Tehran' });
  expect(tests[0]?.local_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(Asia\/Tehran\)$/);

  // The history lists it as a Test that was sent, through the webhook.
  const table = page.getByRole('table', { name: 'Notification history' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const cells = table.getByRole('row').nth(1).getByRole('cell');
  await expect(cells.nth(1)).toHaveText('Channel test');
  await expect(cells.nth(2)).toHaveText('Test');
  await expect(cells.nth(4)).toHaveText(hook);
  await expect(cells.nth(5)).toHaveText('Sent');
  await expect(table.getByRole('img', { name: 'Webhook' })).toBeVisible();

  // Real alerts beside it: a monitor alerting the webhook goes down and comes back.
  const [prober] = await registerProbers(1, 'history');
  if (!prober) throw new Error('no prober');
  const monitor = await api<{ id: number }>(page, 'POST', '/api/v1/monitors/', {
    protocol_type: 'HTTP',
    url: 'http://127.0.0.1:9/history',
    alias: 'Shop <b>front</b>',
    period: 300,
    apdex: 0.5,
    http_method: 'GET',
    probers: [prober.id],
    alert: [{ type: 'webhooks', value: hook }],
  });
  const minute = 60_000;
  const now = Math.floor(Date.now() / minute) * minute;
  await seedRange(
    monitor,
    [prober],
    { from: now - 30 * minute, to: now - minute, periodMs: minute },
    { outages: [[now - 20 * minute, now - 10 * minute]], failureRate: 0 },
  );
  type History = { count: number; results: Array<{ state: string }> };
  await expect
    .poll(
      async () => {
        const history = await api<History>(page, 'GET', '/api/v1/notification_history/?limit=10&offset=0');
        return [history.count, history.results.every((row) => row.state === 'sent')];
      },
      { timeout: 180_000 },
    )
    .toEqual([3, true]);
  await page.reload();
  await expect(table.getByRole('row')).toHaveCount(4);
  // Markup in a monitor's name is its text, never HTML.
  await expect(table.getByText('HTTP:Shop <b>front</b>').first()).toBeVisible();
  await expect(table.locator('b', { hasText: 'front' })).toHaveCount(0);
  await expect(table.getByText('Down', { exact: true })).toBeVisible();
  await expect(table.getByText('Up', { exact: true })).toBeVisible();

  // Filtering by another kind empties it; by Test brings it back; by the monitor shows its two.
  await page.getByRole('combobox', { name: 'Monitor' }).click();
  await page.getByRole('option', { name: 'HTTP:Shop <b>front</b>' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.reload(); // filters start empty
  await expect(table.getByRole('row')).toHaveCount(4);

  await page.getByRole('combobox', { name: 'Event' }).click();
  await page.getByRole('option', { name: 'Slow' }).click();
  await expect(page.getByText('No notifications match these filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Event' }).click();
  await page.getByRole('option', { name: 'Test' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.reload();
  await expect(table.getByRole('row')).toHaveCount(4);
  await page.getByRole('button', { name: `Send a test message to ${hook}` }).click();
  await expect(outcome).toHaveText(/Test sent/, { timeout: 60_000 });

  await shoot(page, 'alert-center-test-sent');
  await page.getByRole('heading', { name: 'Notification history' }).scrollIntoViewIfNeeded();
  await atEachSize(page, async (size) => {
    await page.waitForTimeout(300);
    await page
      .getByRole('region', { name: 'Notification history' })
      .screenshot({ path: path.join(shotsDir, `history-card-${size.width}.png`) });
  });

  // A target answering 500: the outcome says why not, beside the channel and in the history; no retry.
  await webhookRespondNext(1, 500);
  await page.getByRole('button', { name: `Send a test message to ${hook}` }).click();
  await expect(outcome).toHaveText(/^http:\/\/.*: Not sent: .*500/, { timeout: 60_000 });
  const failedRow = table.getByRole('row').nth(1).getByRole('cell');
  await expect(failedRow.nth(5)).toContainText('Not sent');
  await expect(failedRow.nth(5)).toContainText('500');
  await shoot(page, 'alert-center-test-failed');

  // The profile's zone: the Account page changes it, and the next test says the new one.
  await page.goto('/account');
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue('Asia/Tehran');
  await zone.fill('Europe/Berlin');
  await page.getByRole('option', { name: 'Europe/Berlin' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // A Tehran sign-up reads the Jalali calendar; the zone changes alone.
  await expect(page.getByText('Dates are now shown in Europe/Berlin, Jalali (Solar Hijri) calendar.')).toBeVisible();
  await shoot(page, 'account-time-zone');
  await page.goto('/settings');
  const after = (await webhookRequests()).length;
  await page.getByRole('button', { name: `Send a test message to ${hook}` }).click();
  await expect(page.getByRole('status', { name: 'Test outcome' })).toHaveText(/Test sent/, { timeout: 60_000 });
  const second = (await webhookRequests())
    .slice(after)
    .map((request) => JSON.parse(request.body) as TestEvent)
    .find((body) => body.event === 'channel.test');
  expect(second?.time_zone).toBe('Europe/Berlin');
});

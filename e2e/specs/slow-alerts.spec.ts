import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { CheckResult } from '../../packages/contracts/src/agent';
import { verifiedUser } from '../support/accounts';
import { api } from '../support/api';
import { loopbackTarget } from '../support/loopback-target';
import { openFirstMonitorEdit } from '../support/monitors';
import { atEachSize, shotPath } from '../support/screenshots';
import { postBatch, registerProbers } from '../support/seed-results';
import { expect, test } from '../support/test';

/**
 * Slow-response alerts (issue 14) against the real server: a user switches them on in the Add
 * Monitor popup (response time above 800 ms for 3 checks in a row) and finds the rule again on
 * Edit; a monitor whose prober reports slow answers shows "Slow" and why on its detail and in the
 * list. Screenshots at desktop and phone widths go to e2e/screenshots/ (and SLOW_SHOTS_DIR if set).
 */

const target = loopbackTarget('/');

async function shoot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: shotPath(name), fullPage });
  const extra = process.env.SLOW_SHOTS_DIR;
  if (extra) {
    mkdirSync(extra, { recursive: true });
    copyFileSync(shotPath(name), path.join(extra, `${name}.png`));
  }
}

type Listed = { id: number; alias: string | null; is_slow?: true };
type Whole = { id: number; slow_alert: unknown; slow: { reason: string } | null };

test('switch slow response alerts on in the form, see the rule on edit, and a slow monitor marked Slow', async ({
  page,
}) => {
  await verifiedUser(page, 'slow-alerts');
  await page.getByRole('button', { name: 'Add Monitor' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add Monitor' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'URL' }).fill(target.url);
  await dialog.getByRole('textbox', { name: 'Alias' }).fill('Checkout');

  // Off by default.
  const slowSwitch = dialog.getByRole('switch', { name: /Slow response alerts/ });
  await expect(slowSwitch).not.toBeChecked();
  await expect(dialog.getByTestId('slow-alert-rule')).toHaveCount(0);
  await slowSwitch.check({ force: true });
  const part = dialog.getByTestId('slow-alert-rule');
  await expect(part.getByRole('textbox', { name: 'Apdex below' })).toHaveValue('0.7');
  await part.getByText('Response time', { exact: true }).click();
  await expect(part.getByText('50–60,000 ms', { exact: true })).toBeVisible();

  // Out of bounds: refused under the field, nothing saved.
  await part.getByRole('textbox', { name: 'Slower than' }).fill('20');
  await dialog.getByRole('button', { name: 'Add Monitor' }).click();
  await expect(part.getByText('Enter a whole number from 50 to 60000 ms.', { exact: true })).toBeVisible();
  await atEachSize(page, async (size) => {
    await part.scrollIntoViewIfNeeded();
    await shoot(page, `slow-alerts-form-error-${size.name}`);
  });
  expect((await api<{ results: Listed[] }>(page, 'GET', '/api/v1/monitors/')).results).toEqual([]);

  await part.getByRole('textbox', { name: 'Slower than' }).fill('800');
  await part.getByRole('textbox', { name: 'For' }).fill('3');
  const summary = part.getByText(/Alerts when 3 checks in a row take longer than 800 ms/);
  await expect(summary).toBeVisible();
  await atEachSize(page, async (size) => {
    await summary.scrollIntoViewIfNeeded();
    await shoot(page, `slow-alerts-form-${size.name}`);
  });
  await dialog.getByRole('button', { name: 'Add Monitor' }).click();
  await expect(page.getByText('Your monitor created!', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const [created] = (await api<{ results: Listed[] }>(page, 'GET', '/api/v1/monitors/')).results;
  const whole = await api<Whole>(page, 'GET', `/api/v1/monitors/${created?.id}/`);
  expect(whole.slow_alert).toEqual({ rule: 'response_time', above_ms: 800, checks: 3 });

  // Edit shows the rule as saved.
  await openFirstMonitorEdit(page);
  await expect(dialog.getByRole('heading', { name: 'Edit Monitor' })).toBeVisible();
  await expect(dialog.getByRole('switch', { name: /Slow response alerts/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Response time' })).toBeChecked();
  await expect(dialog.getByRole('textbox', { name: 'Slower than' })).toHaveValue('800');
  await expect(dialog.getByRole('textbox', { name: 'For' })).toHaveValue('3');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A monitor of a prober of our own, which reports three answers over 800 ms: Slow, and why.
  const [prober] = await registerProbers(1, 'slow');
  if (!prober) throw new Error('no prober');
  const slowOne = await api<Whole>(page, 'POST', '/api/v1/monitors/', {
    protocol_type: 'HTTP',
    url: target.url,
    alias: 'Search',
    period: 300,
    apdex: 0.5,
    probers: [prober.id],
    slow_alert: { rule: 'response_time', above_ms: 800, checks: 3 },
  });
  const start = Date.now() - 10 * 60_000;
  const results: CheckResult[] = [1240, 1310, 1275].map((duration, index) => ({
    monitor_id: slowOne.id,
    time: new Date(start + index * 60_000).toISOString(),
    success: true,
    status_code: 200,
    error: null,
    phases: { resolve: 2, connect: 3, tls: null, response: duration - 10, duration },
    extra_info: {},
  }));
  await postBatch(prober, results);
  const reason = 'Response time above 800 ms for 3 checks in a row (last 1,275 ms).';
  expect((await api<Whole>(page, 'GET', `/api/v1/monitors/${slowOne.id}/`)).slow?.reason).toBe(reason);

  await page.goto(`/monitor/${slowOne.id}`);
  await expect(page.getByTestId('slow-reason').first()).toHaveText(reason);
  await expect(page.getByText('Slow', { exact: true }).first()).toBeVisible();
  await atEachSize(page, async (size) => {
    await page.reload();
    await expect(page.getByTestId('slow-reason').first()).toBeVisible();
    await shoot(page, `slow-alerts-detail-${size.name}`);
  });
  await page.goto('/');
  await expect(page.locator(`[data-monitor-id="${slowOne.id}"]`).getByText('Slow', { exact: true })).toBeVisible();
  await shoot(page, 'slow-alerts-list-desktop');
});

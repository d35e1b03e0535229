import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { uniqueEmail, verifiedUser } from '../support/accounts';
import { admin } from '../support/admin-cli';
import {
  addAndLinkTelegram,
  addAndVerifyEmail,
  addTag,
  channelField,
  channelTag,
  toast,
  typeCode,
} from '../support/alert-center';
import { api } from '../support/api';
import { openFirstMonitorEdit } from '../support/monitors';
import { waitForSmsCode, webhookRequests, webhookUrl } from '../support/outside';
import { atEachSize, shotPath } from '../support/screenshots';
import { registerProbers, seedRange } from '../support/seed-results';
import { expect, test } from '../support/test';

/**
 * The Alert Center (spec §2, §4, §5, §8) against the real server, with Kavenegar, the Telegram Bot
 * API and a webhook target faked on loopback (support/outside-fakes.ts): a verified user on the Gold
 * plan adds channels, meets the tag rules, verifies an email by its mailed link, a phone by its SMS
 * code (a wrong code first), a webhook by its signed test delivery and a Telegram name through the
 * bot; then a monitor's two outages alert those channels and the history pages through them.
 * Screenshots of /settings and the popups at desktop and phone widths go to e2e/screenshots/.
 */

const PHONE = '09121234567';
const TELEGRAM = '@night_ops';
const TELEGRAM_CHAT = 770_001;

const field = channelField;
const tag = channelTag;

async function shoot(page: Page, name: string, fullPage = true) {
  await atEachSize(page, async (size) => {
    // A full-page shot of a scrolled page draws the fixed header where the scroll left it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: shotPath(`${name}-${size.name}`), fullPage });
  });
}

test('alert channels: tag rules, then email, phone, webhook and Telegram verified; the history of real alerts', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(720_000);
  consoleGuard.allow(
    /status of 400.*\/api\/v1\/users\/alert_channel\/verify/,
    'the spec types a wrong code first, on purpose',
  );
  const { email } = await verifiedUser(page, 'alerts');
  // Gold rings phones too (VoiceCall), so the history gets voice calls besides SMS.
  await admin('set-plan', email, 'Gold');
  await page.reload(); // the dashboard read the Free subscription before the operator's change

  // The header's user menu leads to the Alert Center.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'AlertCenter' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Alert Center' })).toBeVisible();
  await expect(page.getByText('Alerts by SMS and a voice call', { exact: true })).toBeVisible();
  await expect(page.getByText(/^No notifications yet\./)).toBeVisible();

  // Tag rules (spec §5): an empty tag, then a value of the wrong shape, are refused in place.
  await field(page, 'Phone').press('Enter');
  await expect(page.getByText('Alert tags cannot be added when empty', { exact: true })).toBeVisible();
  await addTag(page, 'Phone', 'call me');
  await expect(page.getByText('Enter a phone number like 09121234567.', { exact: true })).toBeVisible();

  // Email: added unverified, confirmed by the link the server mails to it.
  const alertsEmail = uniqueEmail('alerts-ops');
  const hintShown = page
    .getByText(/check your inbox for the confirmation link/)
    .waitFor()
    .then(() => true);
  await addAndVerifyEmail(page, alertsEmail);
  expect(await hintShown).toBe(true);
  await expect(page).toHaveURL(/\/settings$/);

  // Phone: Verify sends a code by SMS; a wrong code empties the boxes, the right one verifies.
  await addTag(page, 'Phone', '0912 123 4567');
  await expect(tag(page, PHONE, 'not verified, gets no alerts yet')).toBeVisible();
  await shoot(page, 'alert-center-unverified');
  await page.getByRole('button', { name: `Verify ${PHONE}` }).click();
  await expect(toast(page, `We sent a verification code to ${PHONE}`)).toBeVisible();
  const popup = page.getByRole('dialog').filter({ hasText: 'Verify your phone' });
  await expect(popup).toBeVisible();
  await shoot(page, 'alert-center-phone-popup', false);
  const { code } = await waitForSmsCode(PHONE);
  const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
  await typeCode(page, wrong);
  await expect(toast(page, 'Something went wrong!')).toBeVisible();
  const boxes = popup.getByRole('textbox', { name: /^Code character/ });
  for (let index = 0; index < 6; index += 1) await expect(boxes.nth(index)).toHaveValue('');
  await expect(popup).toBeVisible();
  await typeCode(page, code);
  await expect(toast(page, 'Your phone is now verified!')).toBeVisible();
  await expect(popup).toBeHidden();
  await expect(tag(page, PHONE, 'verified')).toBeVisible();

  // Webhook: the server sends a signed test delivery to a new webhook; its 204 verifies it, and
  // the tag turns verified without a reload. The signature checks out with the secret shown.
  const hook = webhookUrl();
  await addTag(page, 'Webhook', hook);
  await expect(tag(page, hook, 'verified')).toBeVisible({ timeout: 90_000 });
  const secret = (await page.getByText(/^[0-9a-f]{32,}$/).textContent())?.trim() ?? '';
  const [delivery] = await webhookRequests();
  expect(delivery, 'a test delivery').toBeTruthy();
  const timestamp = String(delivery?.headers['x-paydar-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery?.body}`).digest('hex')}`;
  expect(delivery?.headers['x-paydar-signature']).toBe(expected);

  // Telegram: "Open the bot" opens the bot link with a start token made for the name; the owner
  // presses Start (the fake Bot API hands the server `/start <token>`) and the name is verified.
  await addAndLinkTelegram(page, 'Night_Ops', TELEGRAM, TELEGRAM_CHAT);

  await page.reload();
  await expect(tag(page, TELEGRAM, 'verified')).toBeVisible();
  await shoot(page, 'alert-center-channels');

  // Real alerts: a monitor naming every channel goes down twice and comes back twice, as seen by
  // a prober posting results through the agent API. Each down alerts 5 ways (email, SMS, voice
  // call, Telegram, webhook), each up 4 (no call): 18 notifications, two pages.
  const [prober] = await registerProbers(1, 'alerts');
  if (!prober) throw new Error('no prober');
  const monitor = await api<{ id: number }>(page, 'POST', '/api/v1/monitors/', {
    protocol_type: 'HTTP',
    url: 'http://127.0.0.1:9/alerting',
    alias: 'Alerting',
    period: 300,
    apdex: 0.5,
    http_method: 'GET',
    probers: [prober.id],
    alert: [
      { type: 'emails', value: alertsEmail },
      { type: 'phones', value: PHONE },
      { type: 'telegram_usernames', value: TELEGRAM },
      { type: 'webhooks', value: hook },
    ],
  });
  const minute = 60_000;
  const now = Math.floor(Date.now() / minute) * minute;
  await seedRange(
    monitor,
    [prober],
    { from: now - 50 * minute, to: now - minute, periodMs: minute },
    {
      outages: [
        [now - 40 * minute, now - 30 * minute],
        [now - 20 * minute, now - 10 * minute],
      ],
      failureRate: 0,
    },
  );
  type History = { count: number; results: Array<{ is_sent: boolean; public_message: string }> };
  const settled = async () => {
    const pages = [0, 10].map((offset) =>
      api<History>(page, 'GET', `/api/v1/notification_history/?limit=10&offset=${offset}`),
    );
    const [first, second] = await Promise.all(pages);
    const rows = [...(first?.results ?? []), ...(second?.results ?? [])];
    return { count: first?.count, sent: rows.filter((row) => row.is_sent).length };
  };
  await expect.poll(settled, { timeout: 270_000, intervals: [1_000, 2_000] }).toEqual({ count: 18, sent: 18 });

  await page.reload();
  const table = page.getByRole('table', { name: 'Notification history' });
  await expect(page.getByText('18 notifications', { exact: true })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(11);
  // The monitor by its display name (spec §3), the channel's type by its icon (issue 14).
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('HTTP:Alerting');
  await expect(table.getByRole('img', { name: 'Voice call' }).first()).toBeVisible();
  await expect(table.getByText('Sent', { exact: true })).toHaveCount(10);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(table.getByRole('row')).toHaveCount(9);
  await page.getByRole('button', { name: 'Page 1' }).click();
  await expect(table.getByRole('row')).toHaveCount(11);
  await shoot(page, 'alert-center-history');

  // The alert center drawer, from the monitor form: the same channels beside the form.
  await openFirstMonitorEdit(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Manage channels' }).click();
  const drawer = page.getByRole('dialog', { name: 'Alert Center' });
  await expect(drawer.getByText('Alerting channels', { exact: true })).toBeVisible();
  await expect(drawer.getByTitle(`${PHONE}: verified`, { exact: true })).toBeVisible();
  // Escape closes the drawer only: the form under it stays.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Edit Monitor' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Manage channels' }).click();
  await expect(drawer).toBeVisible();
  await page.waitForTimeout(300);
  await page.screenshot({ path: shotPath('alert-center-drawer-desktop') });
});

test('the demo account sees the alert sections deactivated', async ({ page }) => {
  await page.goto('/guest');
  // The dashboard; on a wide screen it opens the demo's newest monitor at once.
  await expect(page).toHaveURL(/\/(monitor\/\d+)?$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByText(/The demo account cannot set alerts\./)).toBeVisible();
  for (const label of ['Email', 'Phone', 'Telegram', 'Webhook']) await expect(field(page, label)).toBeDisabled();
  await shoot(page, 'alert-center-demo');
});

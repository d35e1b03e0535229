import { submitLogin, verifiedUser } from '../support/accounts';
import { admin } from '../support/admin-cli';
import { api, sessionKey } from '../support/api';
import {
  amountField,
  goToGateway,
  historyRows,
  openBilling,
  openChargeFromHeader,
  openPlans,
  paymentOf,
  walletBalance,
} from '../support/billing';
import { type AnalyticsEvent, analyticsEvents, analyticsSettled } from '../support/outside';
import { expect, test } from '../support/test';

/**
 * Billing behaviours beyond billing.spec.ts, in Chromium against the real server: the analytics
 * events of the payment result (spec §4 "Payment result", §9 currency tag TRY) reaching the
 * collector the server's ANALYTICS_ENDPOINT names (support/outside-fakes.ts); the payment result
 * reached without a session (spec §2 route table: open to everyone); and the user menu's item for
 * an Enterprise user (spec §2 Header).
 */

/** The events in a stable order: the two beacons of one page can arrive either way round. */
const byName = (events: AnalyticsEvent[]) => [...events].sort((a, b) => a.name.localeCompare(b.name));

test('analytics: one purchase event (TRY, amount, code) per payment, plus plan_upgrade for a plan; a reload sends nothing more', async ({
  page,
}) => {
  test.setTimeout(450_000);
  await verifiedUser(page, 'billing-analytics');
  const before = (await analyticsEvents()).length;

  // A plain charge: a purchase, no plan upgrade.
  await openChargeFromHeader(page);
  await amountField(page).fill('53000');
  await goToGateway(page);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/zarinpal_transaction_result\?status=OK&.*goal=charge/);
  const charge = await paymentOf(53_000);
  await expect(page.getByTestId('transaction-code')).toHaveText(String(charge.refId));
  const purchase = { name: 'purchase', transaction_id: String(charge.refId), value: 53_000, currency: 'TRY' };
  expect(await analyticsSettled(page, before)).toEqual([{ ...purchase, time: expect.any(String) }]);

  await page.reload();
  await expect(page.getByTestId('transaction-code')).toHaveText(String(charge.refId));
  await expect(walletBalance(page)).toHaveText('53,000 Tomans');
  expect(await analyticsSettled(page, before)).toEqual([{ ...purchase, time: expect.any(String) }]);

  // Silver costs 89,000: the top-up brings the missing 36,000 and the result page buys the plan.
  await page.getByRole('link', { name: 'Back to home' }).click();
  const plans = await openPlans(page);
  await plans.getByRole('region', { name: 'Silver plan' }).getByRole('button', { name: 'Upgrade Plan' }).click();
  await expect(page).toHaveURL(/\/finance\?goal=buy_plan&amount=36000&plan_name=Silver&yearly=false$/);
  await expect(amountField(page)).toHaveValue('36,000');
  const afterCharge = (await analyticsEvents()).length;
  await goToGateway(page);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/zarinpal_transaction_result\?status=OK&.*goal=buy_plan/);
  const topUp = await paymentOf(36_000);
  await expect(page.getByTestId('transaction-code')).toHaveText(String(topUp.refId));
  await expect(page.getByText('Plan Silver activated!')).toBeVisible();
  const forPlan = [
    { name: 'plan_upgrade', plan_name: 'Silver', period: 'Monthly', status: 'OK', time: expect.any(String) },
    { name: 'purchase', transaction_id: String(topUp.refId), value: 36_000, currency: 'TRY', time: expect.any(String) },
  ];
  expect(byName(await analyticsSettled(page, afterCharge))).toEqual(forPlan);

  await page.reload();
  await expect(page.getByText('Plan Silver activated!')).toBeVisible();
  await expect(walletBalance(page)).toHaveText('0 Tomans');
  expect(byName(await analyticsSettled(page, afterCharge))).toEqual(forPlan);
});

test('payment result without a session: it asks to log in, signing in leads back to it and the plan is bought once', async ({
  page,
  browser,
  consoleGuard,
}) => {
  test.setTimeout(450_000);
  consoleGuard.allow(
    /status of 401.*\/api\/v1\/users\/profile/,
    'the session is ended on purpose while the payer is on the bank’s page',
  );
  const { email, password } = await verifiedUser(page, 'billing-signed-out');
  const key = await sessionKey(page);
  const plans = await openPlans(page);
  await plans.getByRole('region', { name: 'Silver plan' }).getByRole('button', { name: 'Upgrade Plan' }).click();
  await expect(amountField(page)).toHaveValue('89,000');
  await goToGateway(page);

  // The session ends while the payer is on the bank's page; the payment still goes through.
  await api(page, 'POST', '/api/v1/users/logout', undefined, key);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/zarinpal_transaction_result\?status=OK&.*goal=buy_plan&plan_name=Silver/);
  const payment = await paymentOf(89_000);
  expect(payment.state).toBe('verified');
  // The key the server refused is forgotten; without a session the result cannot be read (the
  // page shows only what the server recorded, never the URL's claims) and nothing is bought.
  await expect(page.getByText('to see the result of this payment.')).toBeVisible();
  await expect(page.getByTestId('transaction-code')).toHaveCount(0);
  await expect(page.getByText('Transaction Successful')).toHaveCount(0);
  await expect(page.getByTestId('public-header')).toBeVisible();
  await expect(page.getByText('Plan Silver activated!')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('paydar.token'))).toBeNull();
  const resultUrl = page.url();

  // The same result opened in a fresh browser, as a link followed from elsewhere.
  const fresh = await browser.newContext();
  consoleGuard.watch(fresh);
  const other = await fresh.newPage();
  await other.goto(resultUrl);
  await expect(other.getByText('to see the result of this payment.')).toBeVisible();
  await other.getByRole('link', { name: 'Log in', exact: true }).click();
  await submitLogin(other, email, password);
  await expect(other).toHaveURL(resultUrl);
  await expect(other.getByTestId('transaction-code')).toHaveText(String(payment.refId));
  await expect(other.getByText('Plan Silver activated!')).toBeVisible();
  await expect(walletBalance(other)).toHaveText('0 Tomans');
  await fresh.close();

  // The first tab signs in too and is led back: the plan is already there, so nothing is bought twice.
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(resultUrl);
  await expect(page.getByText('Plan Silver activated!')).toBeVisible();
  await expect(walletBalance(page)).toHaveText('0 Tomans');

  await page.getByRole('link', { name: 'Back to home' }).click();
  await openBilling(page);
  const rows = await historyRows(page);
  expect(rows.map((row) => row.slice(0, 3))).toEqual([
    ['Decrease Credit', '-89,000 Tomans', expect.stringContaining('Silver')],
    ['Increase Credit', '+89,000 Tomans', 'Charge via Zarinpal'],
  ]);
});

test("the user menu's plans item reads 'Upgrade Plan' below Enterprise and 'Plans' on Enterprise", async ({ page }) => {
  test.setTimeout(360_000);
  const { email } = await verifiedUser(page, 'billing-enterprise');
  const menuItem = (name: string) => page.getByRole('menuitem', { name, exact: true });

  for (const plan of ['Free', 'Gold']) {
    if (plan !== 'Free') {
      await admin('set-plan', email, plan);
      await page.reload();
    }
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(menuItem('Upgrade Plan'), `the item on ${plan}`).toBeVisible();
    await expect(menuItem('Plans'), `no 'Plans' on ${plan}`).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(menuItem('Upgrade Plan')).toBeHidden();
  }

  await admin('set-plan', email, 'Enterprise');
  await page.reload();
  // The same popup opens from the item under its Enterprise name.
  const plans = await openPlans(page, 'Plans');
  await expect(plans.getByRole('region', { name: 'Enterprise plan' }).getByText('Current plan')).toBeVisible();
  await expect(plans.getByRole('button', { name: 'Upgrade Plan' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(menuItem('Plans')).toBeVisible();
  await expect(menuItem('Upgrade Plan')).toHaveCount(0);
});

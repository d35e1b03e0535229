import type { Page } from '@playwright/test';
import { verifiedUser } from '../support/accounts';
import {
  amountField,
  chargePopup,
  consoleAccount,
  consoleTransfers,
  goToGateway,
  historyRows,
  openBilling,
  openChargeFromHeader,
  openPlans,
  paymentOf,
  walletBalance,
} from '../support/billing';
import { atEachSize, shotPath } from '../support/screenshots';
import { expect, test } from '../support/test';

/**
 * The billing screens (spec §2 Header, Plans popup, Charge popup, Finance, Payment result; §4 "Plan
 * purchase" and "Payment result"; §5 "Charge amount"; §8 add-credit) in Chromium against the real
 * server, with Zarinpal and the hosting console faked on loopback (support/outside-fakes.ts): the
 * browser really leaves for the fake StartPay page and comes back through the server's callback.
 * Screenshots at desktop and phone widths go to e2e/screenshots/billing-*.png.
 */

const DATE = /^\d{4}\/\d{2}\/\d{2} - \d{2}:\d{2}$/;

async function shoot(page: Page, name: string, fullPage = true) {
  await atEachSize(page, async (size) => {
    // A full-page shot of a scrolled page draws the fixed header where the scroll left it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: shotPath(`billing-${name}-${size.name}`), fullPage });
  });
}

test('charge through Zarinpal: the fake StartPay, Pay, the result with code and amount, the balance and the history', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await verifiedUser(page, 'billing-charge');
  await expect(walletBalance(page)).toHaveText('0 Tomans');

  await openChargeFromHeader(page);
  await expect(amountField(page)).toHaveValue('50,000');
  // The quick-picks are the Silver and Gold prices.
  await expect(chargePopup(page).getByRole('button', { name: '89,000 Tomans' })).toBeVisible();
  await expect(chargePopup(page).getByRole('button', { name: '890,000 Tomans' })).toBeVisible();
  await shoot(page, 'charge-popup', false);

  // Spec §5, in Persian and right-to-left; nothing is asked of the server.
  await amountField(page).fill('500');
  await amountField(page).blur();
  const tooSmall = chargePopup(page).getByText('مبلغ شارژ باید دست‌کم ۱٬۰۰۰ تومان باشد.');
  await expect(tooSmall).toBeVisible();
  await expect(tooSmall).toHaveAttribute('dir', 'rtl');
  await shoot(page, 'charge-invalid', false);
  await amountField(page).fill('70000');
  await expect(tooSmall).toBeHidden();

  await goToGateway(page);
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/zarinpal_transaction_result\?status=OK&/);
  const payment = await paymentOf(70_000);
  expect(payment.state).toBe('verified');
  expect(payment.currency).toBe('IRT');
  await expect(page.getByTestId('transaction-code')).toHaveText(String(payment.refId));
  await expect(page.getByRole('main').getByText('70,000 Tomans', { exact: true })).toBeVisible();
  await expect(page.getByText('Transaction Failed!')).toBeHidden();
  await expect(walletBalance(page)).toHaveText('70,000 Tomans');
  await shoot(page, 'result-ok');

  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await openBilling(page);
  await expect(page.getByRole('region', { name: 'Your Credit' })).toContainText('70,000 Tomans');
  const [row] = await historyRows(page);
  expect(row?.slice(0, 4)).toEqual(['Increase Credit', '+70,000 Tomans', 'Charge via Zarinpal', String(payment.refId)]);
  expect(row?.[4]).toMatch(DATE);
  await shoot(page, 'finance');
});

test("Cancel on StartPay: 'Transaction Failed!' and nothing credited", async ({ page }) => {
  test.setTimeout(270_000);
  await verifiedUser(page, 'billing-cancel');
  await openChargeFromHeader(page);
  await amountField(page).fill('41000');
  await goToGateway(page);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(/\/zarinpal_transaction_result\?status=NOK/);
  await expect(page.getByRole('heading', { name: 'Transaction Failed!' })).toBeVisible();
  await expect(page.getByTestId('transaction-code')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
  expect((await paymentOf(41_000)).state).toBe('cancelled');
  await expect(walletBalance(page)).toHaveText('0 Tomans');
  await shoot(page, 'result-failed');

  await openBilling(page);
  await expect(page.getByText(/^No transactions yet\./)).toBeVisible();
});

test('buy a plan with enough balance: confirm, Pay, activated and debited once', async ({ page }) => {
  test.setTimeout(360_000);
  await verifiedUser(page, 'billing-buy');
  // 89,000 in the wallet, through the gateway, picked with the Silver quick-pick.
  await openChargeFromHeader(page);
  await chargePopup(page).getByRole('button', { name: '89,000 Tomans' }).click();
  await expect(amountField(page)).toHaveValue('89,000');
  await goToGateway(page);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(walletBalance(page)).toHaveText('89,000 Tomans');
  await page.getByRole('link', { name: 'Back to home' }).click();

  const plans = await openPlans(page);
  const silver = plans.getByRole('region', { name: 'Silver plan' });
  await expect(silver.getByText('89,000 Tomans')).toBeVisible();
  await expect(plans.getByRole('region', { name: 'Free plan' }).getByText('Current plan')).toBeVisible();
  await expect(plans.getByRole('region', { name: 'Enterprise plan' }).getByText('Contact us')).toBeVisible();
  // Upgrade only above the current level, never for Enterprise.
  await expect(
    plans.getByRole('region', { name: 'Free plan' }).getByRole('button', { name: 'Upgrade Plan' }),
  ).toHaveCount(0);
  await expect(
    plans.getByRole('region', { name: 'Enterprise plan' }).getByRole('button', { name: 'Upgrade Plan' }),
  ).toHaveCount(0);
  await shoot(page, 'plans', false);

  await silver.getByRole('button', { name: 'Upgrade Plan' }).click();
  const confirm = page.getByRole('dialog', { name: 'Upgrade Plan' });
  await expect(confirm.getByText('This action would get some of your budget.')).toBeVisible();
  await shoot(page, 'confirm', false);
  await confirm.getByRole('button', { name: 'Pay' }).click();

  await expect(page.getByText('Plan Silver activated!')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(walletBalance(page)).toHaveText('0 Tomans');
  const again = await openPlans(page);
  await expect(again.getByRole('region', { name: 'Silver plan' }).getByText('Current plan')).toBeVisible();
  await expect(
    again.getByRole('region', { name: 'Silver plan' }).getByRole('button', { name: 'Upgrade Plan' }),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');

  await openBilling(page);
  const rows = await historyRows(page);
  expect(rows.map((row) => row.slice(0, 2))).toEqual([
    ['Decrease Credit', '-89,000 Tomans'],
    ['Increase Credit', '+89,000 Tomans'],
  ]);
  expect(rows[0]?.[2]).toContain('Silver');
  expect(rows[0]?.[3]).toBe('----');
});

test('buy a plan without enough balance: top up the missing amount at /finance, pay, and the result page buys it', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await verifiedUser(page, 'billing-topup');
  const plans = await openPlans(page);
  await plans.getByText('Yearly', { exact: true }).click();
  await expect(
    plans.getByRole('region', { name: 'Silver plan' }).getByText('per month, 1,068,000 Tomans a year'),
  ).toBeVisible();
  await plans.getByRole('region', { name: 'Silver plan' }).getByRole('button', { name: 'Upgrade Plan' }).click();

  // No confirmation: the wallet is empty, so the user goes to top up the missing amount.
  await expect(page).toHaveURL(/\/finance\?goal=buy_plan&amount=1068000&plan_name=Silver&yearly=true$/);
  await expect(page.getByRole('dialog', { name: 'Upgrade Plan' })).toHaveCount(0);
  await expect(amountField(page)).toHaveValue('1,068,000');
  await expect(chargePopup(page).getByText(/پلن Silver \(سالانه\)/)).toBeVisible();
  await shoot(page, 'topup-popup', false);

  await goToGateway(page);
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/zarinpal_transaction_result\?status=OK&.*goal=buy_plan/);
  const payment = await paymentOf(1_068_000);
  await expect(page.getByTestId('transaction-code')).toHaveText(String(payment.refId));
  await expect(page.getByRole('main').getByText('1,068,000 Tomans', { exact: true })).toBeVisible();
  await expect(page.getByText('Plan Silver activated!')).toBeVisible();
  await expect(walletBalance(page)).toHaveText('0 Tomans');
  await shoot(page, 'result-plan');

  // A reload of the result page buys nothing more.
  await page.reload();
  await expect(page.getByText('Plan Silver activated!')).toBeVisible();
  await expect(walletBalance(page)).toHaveText('0 Tomans');

  await page.getByRole('link', { name: 'Back to home' }).click();
  await openBilling(page);
  const rows = await historyRows(page);
  expect(rows.map((row) => row.slice(0, 2))).toEqual([
    ['Decrease Credit', '-1,068,000 Tomans'],
    ['Increase Credit', '+1,068,000 Tomans'],
  ]);
  await shoot(page, 'finance-plan');
  const again = await openPlans(page);
  await expect(again.getByRole('region', { name: 'Silver plan' }).getByText('Current plan')).toBeVisible();
});

test('credit from the hosting console: the Persian result, the balance and the history; unlinked accounts are told to link', async ({
  page,
}) => {
  test.setTimeout(270_000);
  const { email } = await verifiedUser(page, 'billing-console');
  await consoleAccount(email, { has_organization: true, credit: 500_000 });

  await openChargeFromHeader(page);
  await chargePopup(page).getByText('Hosting console', { exact: true }).click();
  await amountField(page).fill('120000');
  await shoot(page, 'charge-console', false);
  await chargePopup(page).getByRole('button', { name: 'Add credit' }).click();

  const done = page.getByText('مبلغ ۱۲۰٬۰۰۰ تومان از کنسول به اعتبار شما اضافه شد.');
  await expect(done).toBeVisible();
  await expect(done).toHaveAttribute('dir', 'rtl');
  await expect(chargePopup(page)).toBeHidden();
  await expect(walletBalance(page)).toHaveText('120,000 Tomans');
  const transfers = await consoleTransfers(email);
  expect(transfers.map((transfer) => transfer.amount)).toEqual([120_000]);

  await openBilling(page);
  const [row] = await historyRows(page);
  expect(row?.slice(0, 2)).toEqual(['Increase Credit', '+120,000 Tomans']);
  expect(row?.[3]).not.toBe('----');

  await consoleAccount(email, { has_organization: false });
  await page.getByRole('button', { name: 'Charge', exact: true }).click();
  await chargePopup(page).getByText('Hosting console', { exact: true }).click();
  const link = chargePopup(page).getByText('ابتدا باید حساب کاربری خود را به یک سازمان در کنسول متصل کنید.');
  await expect(link).toBeVisible();
  await expect(chargePopup(page).getByRole('button', { name: 'Add credit' })).toBeDisabled();
  await shoot(page, 'charge-console-unlinked', false);
});

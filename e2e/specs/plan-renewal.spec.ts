import type { Page } from '@playwright/test';
import { verifiedUser } from '../support/accounts';
import {
  chargePopup,
  goToGateway,
  openBilling,
  openChargeFromHeader,
  openPlans,
  walletBalance,
} from '../support/billing';
import { atEachSize, shotPath } from '../support/screenshots';
import { expect, test } from '../support/test';

/**
 * 'Your Plan' on /finance against the real server: Free with Upgrade Plan, then a Silver plan bought
 * from the wallet that renews, its renewal switched off and on (PATCH
 * /api/v1/users/subscriptions/auto_renew), kept across a reload. Screenshots at desktop and phone
 * widths go to e2e/screenshots/plan-renewal-*.png.
 */

const DAY = String.raw`\d{4}/\d{2}/\d{2}`;
const RENEWS = new RegExp(`^Renews on ${DAY} for 89,000 Tomans from your credit\\.$`);
const ENDS = new RegExp(`^Ends on ${DAY}; then your account moves to the Free plan\\.$`);

async function shoot(page: Page, name: string) {
  await atEachSize(page, async (size) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: shotPath(`plan-renewal-${name}-${size.name}`), fullPage: true });
  });
}

/** Puts `amount` in the wallet through the fake gateway and comes back home. */
async function charge(page: Page, amount: string, balance: string) {
  await openChargeFromHeader(page);
  await chargePopup(page)
    .getByRole('textbox', { name: /Amount/ })
    .fill(amount);
  await goToGateway(page);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(walletBalance(page)).toHaveText(balance);
  await page.getByRole('link', { name: 'Back to home' }).click();
}

test('Your Plan: Free offers Upgrade Plan; a bought plan renews, and its renewal is switched off and on', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await verifiedUser(page, 'plan-renewal');

  await openBilling(page);
  const card = page.getByRole('region', { name: 'Your Plan' });
  await expect(card.getByTestId('finance-plan')).toHaveText('Free');
  await expect(card.getByRole('switch')).toHaveCount(0);
  await shoot(page, 'free');
  await card.getByRole('button', { name: 'Upgrade Plan' }).click();
  await expect(page.getByRole('dialog', { name: 'Plans' }).getByRole('region', { name: 'Gold plan' })).toBeVisible();
  await page.keyboard.press('Escape');

  // 93,000 in, Silver (89,000) bought: 4,000 left, short of the next renewal by 85,000.
  await charge(page, '93000', '93,000 Tomans');
  const plans = await openPlans(page);
  await plans.getByRole('region', { name: 'Silver plan' }).getByRole('button', { name: 'Upgrade Plan' }).click();
  await page.getByRole('dialog', { name: 'Upgrade Plan' }).getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Plan Silver activated!')).toBeVisible();
  await expect(walletBalance(page)).toHaveText('4,000 Tomans');

  await openBilling(page);
  await expect(card.getByTestId('finance-plan')).toHaveText('Silver · Monthly');
  await expect(card.getByText(RENEWS)).toBeVisible();
  await expect(
    card.getByText('Your credit is short by 85,000 Tomans: charge before then or the plan moves to Free.'),
  ).toBeVisible();
  const renew = card.getByRole('switch', { name: 'Renew automatically' });
  await expect(renew).toBeChecked();
  await expect(card.getByRole('button', { name: 'Upgrade Plan' })).toHaveCount(0);
  await shoot(page, 'renews');

  const switched = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/users/subscriptions/auto_renew') && response.status() === 200,
  );
  await renew.click();
  const answer = await (await switched).json();
  expect(answer.auto_renew).toBe(false);
  await expect(card.getByText(ENDS)).toBeVisible();
  await expect(card.getByText(/short by/)).toHaveCount(0);
  await expect(renew).not.toBeChecked();
  await expect(renew).toBeEnabled();

  // The server kept it.
  await page.reload();
  await expect(card.getByText(ENDS)).toBeVisible();
  await expect(renew).not.toBeChecked();
  await shoot(page, 'ends');

  await renew.click();
  await expect(card.getByText(RENEWS)).toBeVisible();
  await expect(renew).toBeChecked();
  await page.reload();
  await expect(card.getByText(RENEWS)).toBeVisible();
});

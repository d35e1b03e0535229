import { expect, type Locator, type Page } from '@playwright/test';

/** The billing screens and the Zarinpal and hosting-console fakes (outside-fakes.ts), for the billing specs. */

const fakes = () => {
  const url = process.env.E2E_FAKES_URL;
  if (!url) throw new Error('E2E_FAKES_URL is not set: global setup starts the outside fakes');
  return url;
};

/** Creates (or changes) the hosting-console account of `email`. */
export async function consoleAccount(
  email: string,
  account: { has_organization?: boolean; credit?: number; transfers_allowed?: boolean } = {},
): Promise<void> {
  const response = await fetch(`${fakes()}/console/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, ...account }),
  });
  expect(response.ok).toBe(true);
}

/** The credit transfers the console made for `email`. */
export async function consoleTransfers(email: string): Promise<Array<{ transfer_id?: string; amount: number }>> {
  return (await (await fetch(`${fakes()}/console/transfers?email=${encodeURIComponent(email)}`)).json()) as Array<{
    transfer_id?: string;
    amount: number;
  }>;
}

export interface ZarinpalPayment {
  authority: string;
  amount: number;
  currency: string;
  state: string;
  refId: number | null;
}

/** Every payment the Zarinpal fake opened. */
export async function zarinpalPayments(): Promise<ZarinpalPayment[]> {
  return (await (await fetch(`${fakes()}/zarinpal/payments`)).json()) as ZarinpalPayment[];
}

/** The newest payment the Zarinpal fake holds for `amount` (the specs charge amounts no other spec does). */
export async function paymentOf(amount: number): Promise<ZarinpalPayment> {
  const payment = (await zarinpalPayments()).filter((item) => item.amount === amount).at(-1);
  expect(payment, `a Zarinpal payment of ${amount}`).toBeTruthy();
  return payment as ZarinpalPayment;
}

/** The header's balance. */
export const walletBalance = (page: Page): Locator => page.getByLabel('Wallet balance');

/** The Charge popup. */
export const chargePopup = (page: Page): Locator => page.getByRole('dialog', { name: 'Charge' });

/** The amount field of the Charge popup. */
export const amountField = (page: Page): Locator => chargePopup(page).getByRole('textbox', { name: /Amount/ });

/** Opens the Charge popup from the header's plus button. */
export async function openChargeFromHeader(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Charge wallet' }).click();
  await expect(chargePopup(page)).toBeVisible();
}

/** Presses Charge in the popup and waits for the fake gateway's StartPay page. */
export async function goToGateway(page: Page): Promise<void> {
  await chargePopup(page).getByRole('button', { name: 'Charge', exact: true }).click();
  await expect(page).toHaveURL(/\/pg\/StartPay\/[^/]+$/);
  await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
}

/** Opens the Plans popup from the user menu, whose item is 'Plans' for an Enterprise user (spec §2 Header). */
export async function openPlans(page: Page, menuItem: 'Upgrade Plan' | 'Plans' = 'Upgrade Plan'): Promise<Locator> {
  await page.getByRole('button', { name: 'User menu' }).click();
  const item = page.getByRole('menuitem', { name: menuItem, exact: true });
  await expect(item, `the user menu's '${menuItem}' item`).toBeVisible();
  await item.click();
  const popup = page.getByRole('dialog', { name: 'Plans' });
  await expect(popup.getByRole('region', { name: 'Gold plan' })).toBeVisible();
  return popup;
}

/** Goes to /finance through the user menu. */
export async function openBilling(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/finance$/);
}

/** The Transaction History rows on /finance (desktop table), as their cells' texts. */
export async function historyRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: 'Transaction History' });
  await expect(table).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? '')),
    );
}

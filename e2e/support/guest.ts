import { expect, type Page } from '@playwright/test';

/** Starts a demo session the way a visitor does: "Login as Guest" on /login, landing on the dashboard. */
export async function loginAsGuest(page: Page): Promise<void> {
  await page.goto('/login');
  await page
    .getByRole('button', { name: 'Login as Guest' })
    .or(page.getByRole('link', { name: 'Login as Guest' }))
    .click();
  // The dashboard; on a wide screen it opens the demo's newest monitor at once.
  await expect(page).toHaveURL(/\/(monitor\/\d+)?$/);
}

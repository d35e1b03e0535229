import { expect, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './mail';

let counter = 0;
/** Unique across the run: the worker's process id keeps two workers apart within one millisecond. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${process.pid.toString(36)}-${++counter}@example.test`;

/** Signs up through the form and returns the email; the browser is left on /verify_email. */
export async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByLabel('Repeat Password').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/verify_email/);
}

/** Opens the link of the verification mail sent to `email`. */
export async function verifyByMail(page: Page, email: string): Promise<void> {
  const mail = await waitForMail(email, /Verify your email/);
  await page.goto(linkIn(mail, `${process.env.E2E_BASE_URL}/verify_email?`));
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'LogOut' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, email, password);
}

/** Fills and sends the login form the browser is on (reached by a link that says where to go back to). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** A verified user made through the real sign-up and mail flow. */
export async function verifiedUser(page: Page, prefix: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(prefix);
  const password = 'a long password';
  await signUp(page, email, password);
  await verifyByMail(page, email);
  await expect(page).toHaveURL(/\/$/);
  return { email, password };
}

import { expect, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './mail';
import { waitForSmsCode, writeToBot } from './outside';

/** Driving the Alert Center (/settings) as its owner does: tags, the phone popup, the bot link. */

export const channelField = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

export const channelTag = (page: Page, value: string, state: 'verified' | 'not verified, gets no alerts yet') =>
  page.getByTitle(`${value}: ${state}`, { exact: true });

export const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

export async function addTag(page: Page, label: string, text: string) {
  await channelField(page, label).fill(text);
  await channelField(page, label).press('Enter');
}

/** Types a code into the verification popup's boxes, which move along by themselves. */
export async function typeCode(page: Page, code: string) {
  const boxes = page.getByRole('dialog').getByRole('textbox', { name: /^Code character/ });
  await expect(boxes).toHaveCount(6);
  await boxes.first().click();
  await page.keyboard.type(code, { delay: 30 });
}

/** Adds an email tag and opens the confirmation link the server mails to it. */
export async function addAndVerifyEmail(page: Page, email: string) {
  await addTag(page, 'Email', email);
  await expect(channelTag(page, email, 'not verified, gets no alerts yet')).toBeVisible();
  const mail = await waitForMail(email, /^Confirm /);
  await page.goto(linkIn(mail, `${process.env.E2E_BASE_URL}/settings?`));
  await expect(toast(page, 'Your email is now verified!')).toBeVisible();
  await expect(channelTag(page, email, 'verified')).toBeVisible();
}

/** Adds a phone tag, presses Verify and enters the code the fake Kavenegar was asked to send. */
export async function addAndVerifyPhone(page: Page, phone: string) {
  await addTag(page, 'Phone', phone);
  await page.getByRole('button', { name: `Verify ${phone}` }).click();
  await expect(toast(page, `We sent a verification code to ${phone}`)).toBeVisible();
  const { code } = await waitForSmsCode(phone);
  await typeCode(page, code);
  await expect(toast(page, 'Your phone is now verified!')).toBeVisible();
  await expect(channelTag(page, phone, 'verified')).toBeVisible();
}

/**
 * Adds a Telegram (or Bale) name, follows "Open the bot" (the t.me or ble.ir page itself is stubbed)
 * and presses Start as that user from `chatId`, which the fake Bot API hands to the server's poller.
 */
export async function addAndLinkTelegram(
  page: Page,
  typed: string,
  stored: string,
  chatId: number,
  messenger: 'telegram' | 'bale' = 'telegram',
) {
  const host = messenger === 'bale' ? 'ble.ir' : 't.me';
  const label = messenger === 'bale' ? 'Bale' : 'Telegram';
  await page
    .context()
    .route(`https://${host}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<title>${label}</title><p>${label}</p>` }),
    );
  await addTag(page, label, typed);
  await expect(channelTag(page, stored, 'not verified, gets no alerts yet')).toBeVisible();
  const tabOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Open the bot for ${stored}` }).click();
  const tab = await tabOpened;
  await expect.poll(() => tab.url()).toMatch(new RegExp(`^https://${host.replace('.', '\\.')}/[^?]+\\?start=[\\w-]+$`));
  const startToken = new URL(tab.url()).searchParams.get('start') as string;
  await tab.close();
  await writeToBot(chatId, `/start ${startToken}`, stored.replace(/^@/, ''), messenger);
  await expect(channelTag(page, stored, 'verified')).toBeVisible({ timeout: 90_000 });
}

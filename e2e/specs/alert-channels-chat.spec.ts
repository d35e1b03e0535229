import type { Page } from '@playwright/test';
import { verifiedUser } from '../support/accounts';
import { addAndLinkTelegram, addTag, channelTag } from '../support/alert-center';
import { baleSent, chatMessages, chatWebhooksUrl } from '../support/outside';
import { atEachSize, shotPath } from '../support/screenshots';
import { expect, test } from '../support/test';

/**
 * Issue 17's chat channels in the Alert Center against the real server, with Slack's incoming
 * webhooks and Bale's Bot API faked on loopback (support/outside-fakes.ts): a user adds a Slack
 * webhook, which a test message in Slack's format verifies; a look-alike address is refused under
 * its field; a Bale name is linked through the Bale bot and gets a test message there.
 * Screenshots of /settings at 1280 and 390 px, light and dark, go to e2e/screenshots/.
 */

const BALE = '@night_ops_bale';
const BALE_CHAT = 880_001;

async function shoot(page: Page, name: string) {
  await atEachSize(page, async (size) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: shotPath(`${name}-${size.name}`), fullPage: true });
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a Slack webhook verified by its test message and a Bale name linked through the bot (${scheme})`, async ({
    page,
    consoleGuard,
  }) => {
    test.setTimeout(540_000);
    consoleGuard.allow(/status of 400.*\/api\/v1\/users\/profile/, 'the spec saves a look-alike address, on purpose');
    await page.addInitScript((value) => localStorage.setItem('paydar.color-scheme', value), scheme);
    await verifiedUser(page, `chat-${scheme}`);
    await page.goto('/settings');

    // A look-alike of Slack's address is refused by the server, under the Slack field.
    await addTag(page, 'Slack', 'https://hooks.slack.com.evil.test/services/T1/B1/X1');
    await expect(page.getByText(/^Slack webhook addresses start with http:\/\/127\.0\.0\.1:\d+\.$/)).toBeVisible();
    // Spec §8: a profile save that fails also says 'Something went wrong!'; it is closed before the next shots.
    const toast = page.locator('.mantine-Notification-root', { hasText: 'Something went wrong!' });
    await expect(toast).toBeVisible();
    await shoot(page, `alert-channels-chat-refused-${scheme}`);
    await toast.getByRole('button').click();
    await expect(toast).toBeHidden();

    // Slack's own address: a test message in Slack's format goes out, and its answer verifies it.
    const slack = `${chatWebhooksUrl()}/services/T${scheme}/B0001/X${Date.now()}`;
    await addTag(page, 'Slack', slack);
    await expect(channelTag(page, slack, 'verified')).toBeVisible({ timeout: 90_000 });
    const received = (await chatMessages()).filter((message) => slack.endsWith(message.path));
    expect(received).toHaveLength(1);
    expect(received[0]?.body?.text).toBe('[Paydar] TEST: this is a test message');
    expect(JSON.stringify(received[0]?.body?.attachments)).toContain('"color":"#1c7ed6"');

    // Bale: the bot link opens ble.ir with a start token; Start from that account links and verifies the name.
    await addAndLinkTelegram(page, BALE.toUpperCase(), BALE, BALE_CHAT + (scheme === 'dark' ? 1 : 0), 'bale');
    const chat = BALE_CHAT + (scheme === 'dark' ? 1 : 0);
    await expect
      .poll(async () => (await baleSent(chat)).map((message) => message.text))
      .toContainEqual(`Linked: you will get Paydar alerts for ${BALE} here. Send /stop to unlink.`);

    // The Bale channel's test message goes out through Bale's bot.
    await page.getByRole('button', { name: `Send a test message to ${BALE}` }).click();
    await expect.poll(async () => (await baleSent(chat)).some((message) => /^TEST: /.test(message.text))).toBe(true);
    await page.mouse.move(0, 0);
    await shoot(page, `alert-channels-chat-${scheme}`);
  });
}

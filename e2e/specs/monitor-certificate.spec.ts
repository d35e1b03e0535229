import type { Page } from '@playwright/test';
import { runCheck } from '../../packages/checks/src/check';
import {
  makeCertificate,
  startCertificateServer,
} from '../../packages/checks/src/test-support/short-lived-certificate';
import { verifiedUser } from '../support/accounts';
import { api } from '../support/api';
import { atEachSize, shotPath } from '../support/screenshots';
import { postBatch, registerProbers } from '../support/seed-results';
import { expect, test } from '../support/test';

/**
 * Certificate expiry (issue 17) against the real server and a local TLS server whose certificate
 * is made here and ends in 20 hours: the Add Monitor popup offers the warning thresholds for an
 * HTTPS URL; a real HTTPS check of the target, posted as a prober sends it, puts the certificate
 * on the monitor's detail, in the warning colour (under the smallest threshold). Screenshots at
 * 1280 and 390 px, light and dark, go to e2e/screenshots/.
 */

let target: Awaited<ReturnType<typeof startCertificateServer>>;
test.beforeAll(async () => {
  target = await startCertificateServer(
    await makeCertificate({
      validTo: new Date(Date.now() + 20 * 3_600_000),
      commonName: 'shop.localhost',
      organization: 'Paydar Test CA',
      dnsNames: ['localhost', 'shop.localhost', 'www.shop.localhost'],
    }),
  );
});
test.afterAll(async () => {
  await target.close();
});

const targetUrl = () => `https://localhost:${target.port}/`;

type Whole = {
  id: number;
  certificate_expiry_days: number[];
  certificate: { days_left: number; subject: string; sans: string[] } | null;
};

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: shotPath(name) });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`certificate warnings in the form and the certificate on the detail, ${scheme}`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('paydar.color-scheme', value), scheme);
    await verifiedUser(page, `certificate-${scheme}`);

    // The form: the thresholds appear for an HTTPS address only.
    await page.getByRole('button', { name: 'Add Monitor' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'URL' }).fill(`http://localhost:${target.port}/`);
    await dialog.getByRole('textbox', { name: 'Alias' }).fill('Shop');
    const field = dialog.getByRole('combobox', { name: 'Certificate expiry warnings' });
    await expect(field).toHaveCount(0);
    await dialog.getByRole('textbox', { name: 'URL' }).fill(targetUrl());
    await expect(field).toBeVisible();
    await field.fill('ninety');
    await field.press('Enter');
    await dialog.getByRole('button', { name: 'Add Monitor' }).click();
    await expect(dialog.getByText('Enter whole numbers of days from 1 to 365.', { exact: true })).toBeVisible();
    await atEachSize(page, async (size) => {
      await dialog.getByRole('switch', { name: 'Enabled' }).scrollIntoViewIfNeeded();
      await shoot(page, `certificate-form-error-${size.name}-${scheme}`);
    });
    await field.press('Backspace');
    await field.fill('60');
    await field.press('Enter');
    // Kept largest first.
    await expect(dialog.getByText('60', { exact: true })).toBeVisible();
    await atEachSize(page, async (size) => {
      await dialog.getByRole('switch', { name: 'Enabled' }).scrollIntoViewIfNeeded();
      await shoot(page, `certificate-form-${size.name}-${scheme}`);
    });
    await dialog.getByRole('button', { name: 'Add Monitor' }).click();
    await expect(page.getByText('Your monitor created!', { exact: true })).toBeVisible();
    const [created] = (await api<{ results: Array<{ id: number }> }>(page, 'GET', '/api/v1/monitors/')).results;
    expect((await api<Whole>(page, 'GET', `/api/v1/monitors/${created?.id}/`)).certificate_expiry_days).toEqual([
      60, 30, 14, 7, 1,
    ]);

    // A monitor of a prober of our own, which checks the target for real and reports it.
    const [prober] = await registerProbers(1, `certificate-${scheme}`);
    if (!prober) throw new Error('no prober');
    const monitor = await api<Whole>(page, 'POST', '/api/v1/monitors/', {
      protocol_type: 'HTTP',
      url: targetUrl(),
      alias: 'Checkout',
      period: 300,
      apdex: 0.5,
      probers: [prober.id],
    });
    const result = await runCheck(
      {
        monitor_id: monitor.id,
        protocol: 'HTTP',
        target: targetUrl(),
        period_seconds: 300,
        timeout_ms: 5000,
        http: { method: 'GET', headers: [], body: null, max_redirects: 0 },
      },
      { scheduledAt: new Date(), allowPrivateTargets: true },
    );
    await postBatch(prober, [result]);
    const whole = await api<Whole>(page, 'GET', `/api/v1/monitors/${monitor.id}/`);
    expect(whole.certificate).toMatchObject({ days_left: 0, subject: 'shop.localhost' });

    await page.goto(`/monitor/${monitor.id}`);
    const card = page.getByTestId('certificate-card');
    await expect(card.getByText('TLS certificate', { exact: true })).toBeVisible();
    await expect(card.getByTestId('certificate-days-left')).toHaveText('Expires within a day');
    await expect(
      card.getByText('Renew it soon: fewer days are left than the smallest warning threshold (1 day).'),
    ).toBeVisible();
    await expect(card.getByText('shop.localhost, Paydar Test CA').first()).toBeVisible();
    await expect(card.getByText('DNS:www.shop.localhost', { exact: true })).toBeVisible();
    await expect(card.getByText('Names it covers (4)', { exact: true })).toBeVisible();
    await page.mouse.move(0, 0);
    await atEachSize(page, async (size) => {
      await card.scrollIntoViewIfNeeded();
      await shoot(page, `certificate-detail-${size.name}-${scheme}`);
    });
  });
}

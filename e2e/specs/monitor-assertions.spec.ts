import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import type { CheckResult } from '../../packages/contracts/src/agent';
import { verifiedUser } from '../support/accounts';
import { api } from '../support/api';
import { openFirstMonitorEdit } from '../support/monitors';
import { atEachSize, shootAtEachSize, shotPath } from '../support/screenshots';
import { postBatch, registerProbers } from '../support/seed-results';
import { expect, test } from '../support/test';

/**
 * HTTP assertions (issue 17) in the monitor form against the real server: the "Response checks"
 * section of Add Monitor — accepted status codes, timeout, redirects, keyword / JSON / header
 * assertions — refuses bad values under their fields, saves good ones, and shows them again on
 * Edit; a downtime opened by a failed assertion shows its reason in the detail. Screenshots at
 * 1280 and 390 px, light and dark, go to e2e/screenshots/.
 */

let target: http.Server;
let targetUrl = '';
test.beforeAll(async () => {
  target = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/health`;
});
test.afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())));

type Whole = {
  id: number;
  http_accepted_statuses: string;
  http_assertions: unknown[];
  http_follow_redirects: boolean;
  timeout: number | null;
};

/** The section at each width, light then dark (the app follows the system until a choice is made). */
async function shootSection(page: Page, section: Locator, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await atEachSize(page, async (size) => {
      // The heading in sight, below the popup's own title.
      await section.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await section.getByText('Response checks', { exact: true }).evaluate((element) => {
        element.closest('.mantine-Modal-content')?.scrollBy(0, -72);
      });
      await page.waitForTimeout(250);
      await page.screenshot({ path: shotPath(`${name}-${size.name}-${scheme}`) });
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('add a monitor with response checks, see field errors, find them on edit, and a failed assertion’s reason', async ({
  page,
}) => {
  test.setTimeout(540_000);
  await verifiedUser(page, 'assertions');
  await page.getByRole('button', { name: 'Add Monitor' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add Monitor' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'URL' }).fill(targetUrl);
  await dialog.getByRole('textbox', { name: 'Alias' }).fill('Orders API');

  const section = dialog.getByTestId('response-checks');
  // Today's behaviour by default.
  await expect(section.getByRole('textbox', { name: 'Accepted status codes' })).toHaveValue('200-399');
  await expect(section.getByRole('switch', { name: /Follow redirects/ })).toBeChecked();
  await expect(section.getByText('No assertions: any accepted status is a success.')).toBeVisible();
  await expect(section.getByText(/read the first 1 MB of the body/)).toBeVisible();

  // Bad values: each refused under its own field, nothing saved.
  await section.getByRole('textbox', { name: 'Accepted status codes' }).fill('299-200');
  await section.getByRole('textbox', { name: 'Timeout' }).fill('45');
  await section.getByRole('button', { name: 'Add assertion' }).click();
  const first = section.getByRole('group', { name: 'Assertion 1' });
  await expect(first.getByRole('combobox', { name: 'Assertion 1 rule' })).toHaveValue('Must not contain');
  await first.getByRole('textbox', { name: 'Assertion 1 keyword' }).fill('Error');
  await section.getByRole('button', { name: 'Add assertion' }).click();
  const second = section.getByRole('group', { name: 'Assertion 2' });
  await choose(page, second, 'Assertion 2 type', 'JSON value in the body');
  await second.getByRole('textbox', { name: 'Assertion 2 JSON path' }).fill('data..status');
  await second.getByRole('textbox', { name: 'Assertion 2 expected value' }).fill('ok');
  await dialog.getByRole('button', { name: 'Add Monitor' }).click();
  await expect(section.getByText('The range 299-200 ends before it starts.', { exact: true })).toBeVisible();
  await expect(section.getByText('Enter whole seconds from 1 to 30.', { exact: true })).toBeVisible();
  await expect(
    second.getByText('Write the path as names and indexes, like data.items[0].status.', { exact: true }),
  ).toBeVisible();
  await shootSection(page, section, 'monitor-assertions-errors');
  expect((await api<{ results: unknown[] }>(page, 'GET', '/api/v1/monitors/')).results).toEqual([]);

  // Good values: saved as the API writes them.
  await section.getByRole('textbox', { name: 'Accepted status codes' }).fill('200-299,301');
  await section.getByRole('textbox', { name: 'Timeout' }).fill('10');
  await second.getByRole('textbox', { name: 'Assertion 2 JSON path' }).fill('status');
  await section.getByRole('button', { name: 'Add assertion' }).click();
  const third = section.getByRole('group', { name: 'Assertion 3' });
  await choose(page, third, 'Assertion 3 type', 'Response header');
  await third.getByRole('textbox', { name: 'Assertion 3 header name' }).fill('Content-Type');
  await third.getByRole('textbox', { name: 'Assertion 3 header value' }).fill('application/json');
  // Centred first: scrolled only into view, it sits under the popup's sticky buttons.
  const follow = section.getByRole('switch', { name: /Follow redirects/ });
  await follow.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await follow.click();
  await expect(section.getByRole('switch', { name: /Follow redirects/ })).not.toBeChecked();
  await shootSection(page, section, 'monitor-assertions-form');
  await dialog.getByRole('button', { name: 'Add Monitor' }).click();
  await expect(page.getByText('Your monitor created!', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const [listed] = (await api<{ results: { id: number }[] }>(page, 'GET', '/api/v1/monitors/')).results;
  const saved = await api<Whole>(page, 'GET', `/api/v1/monitors/${listed?.id}/`);
  expect(saved).toMatchObject({
    http_accepted_statuses: '200-299, 301',
    http_follow_redirects: false,
    timeout: 10,
    http_assertions: [
      { type: 'keyword', mode: 'absent', value: 'Error', case_sensitive: false },
      { type: 'json', path: 'status', operator: 'equals', value: 'ok' },
      { type: 'header', name: 'Content-Type', value: 'application/json' },
    ],
  });

  // Edit shows them as saved; removing one and saving keeps the others.
  await openFirstMonitorEdit(page);
  await expect(dialog.getByRole('heading', { name: 'Edit Monitor' })).toBeVisible();
  const editSection = dialog.getByTestId('response-checks');
  await expect(editSection.getByRole('textbox', { name: 'Accepted status codes' })).toHaveValue('200-299, 301');
  await expect(editSection.getByRole('textbox', { name: 'Timeout' })).toHaveValue('10');
  await expect(editSection.getByRole('switch', { name: /Follow redirects/ })).not.toBeChecked();
  await expect(editSection.getByRole('textbox', { name: 'Assertion 2 JSON path' })).toHaveValue('status');
  await expect(editSection.getByRole('textbox', { name: 'Assertion 3 header value' })).toHaveValue('application/json');
  await editSection.getByRole('button', { name: 'Remove assertion 1' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your monitor edited successfully!', { exact: true })).toBeVisible();
  const edited = await api<Whole>(page, 'GET', `/api/v1/monitors/${saved.id}/`);
  expect(edited.http_assertions).toEqual([
    { type: 'json', path: 'status', operator: 'equals', value: 'ok' },
    { type: 'header', name: 'Content-Type', value: 'application/json' },
  ]);

  // A prober of our own reports the assertion failing twice: a downtime whose reason names it.
  const [prober] = await registerProbers(1, 'assert');
  if (!prober) throw new Error('no prober');
  const failing = await api<Whole>(page, 'POST', '/api/v1/monitors/', {
    url: targetUrl,
    alias: 'Status page',
    period: 300,
    apdex: 0.5,
    probers: [prober.id],
    http_assertions: [{ type: 'keyword', mode: 'absent', value: 'Error' }],
  });
  const start = Date.now() - 20 * 60_000;
  const reason = 'Keyword "Error" found';
  const results: CheckResult[] = [0, 1].map((index) => ({
    monitor_id: failing.id,
    time: new Date(start + index * 300_000).toISOString(),
    success: false,
    status_code: 200,
    error: reason,
    phases: { resolve: 2, connect: 3, tls: null, response: 40, duration: 50 },
    extra_info: {},
    failure_class: 'target',
  }));
  await postBatch(prober, results);
  await page.goto(`/monitor/${failing.id}`);
  const downtimes = page.getByRole('table', { name: 'Downtimes' });
  await expect(downtimes.getByRole('columnheader', { name: 'Reason' })).toBeVisible();
  await expect(downtimes.getByRole('cell', { name: reason })).toBeVisible();
  // The header says it too, beside Down and the 200 the target answered.
  await expect(page.getByTestId('down-reason')).toHaveText(reason);
  await shootAtEachSize(page, 'monitor-assertions-header');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await atEachSize(page, async (size) => {
      // A live update may draw the table again as it is scrolled to ("not attached to the DOM"):
      // then the table drawn now is scrolled to.
      await expect(() => downtimes.scrollIntoViewIfNeeded({ timeout: 10_000 })).toPass({ timeout: 60_000 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: shotPath(`monitor-assertions-downtime-${size.name}-${scheme}`) });
    });
  }
});

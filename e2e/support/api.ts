import { expect, type Page } from '@playwright/test';

/** The session key the app keeps for the signed-in user of `page` (which must be on the app's origin). */
export async function sessionKey(page: Page): Promise<string> {
  const key = await page.evaluate(() => localStorage.getItem('paydar.token'));
  expect(key, 'a stored session key').toBeTruthy();
  return key as string;
}

/**
 * Calls the API as the signed-in user of `page`, with the session key the app keeps, or with `key`
 * (read earlier with sessionKey) when the page is somewhere else, e.g. on the gateway's page.
 */
export async function api<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: unknown,
  key?: string,
): Promise<T> {
  key ??= await sessionKey(page);
  const response = await page.request.fetch(url, {
    method,
    headers: { Authorization: `Token ${key}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

import { expect, type Page } from '@playwright/test';

/** Calls the API as the signed-in user of `page`, with the session key the app keeps. */
export async function api<T = unknown>(page: Page, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const key = await page.evaluate(() => localStorage.getItem('paydar.token'));
  expect(key, 'a stored session key').toBeTruthy();
  const response = await page.request.fetch(url, {
    method,
    headers: { Authorization: `Token ${key}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

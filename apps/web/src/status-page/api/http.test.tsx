import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusApiError, send } from './http';

afterEach(() => vi.unstubAllGlobals());

describe('a call of the status page', () => {
  it('revalidates with the server, sends no cookies and carries the page token', async () => {
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    await send({ base: 'https://api.example.com/', token: 't' }, '/api/v1/public/status_pages/acme');
    expect(fetch).toHaveBeenCalledWith('https://api.example.com/api/v1/public/status_pages/acme', {
      method: 'GET',
      headers: { Accept: 'application/json', 'X-Status-Page-Token': 't' },
      body: undefined,
      credentials: 'omit',
      cache: 'no-cache',
    });
  });

  it('is a StatusApiError with status 0 when no answer comes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(send({ base: '' }, '/x')).rejects.toEqual(new StatusApiError(0));
  });
});

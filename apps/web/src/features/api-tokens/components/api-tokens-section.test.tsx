// @vitest-environment jsdom
import type { ApiToken } from '@paydar/contracts/api-tokens';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { setSessionToken } from '@/lib/session-store';
import { buildProfile, renderWithProviders, stubFetch } from '@/testing/test-utils';
import { ApiTokensSection } from './api-tokens-section';

// jsdom has no scrollIntoView, which a Select's option list calls on the selected option.
Element.prototype.scrollIntoView ??= () => {};

const DAY_MS = 24 * 60 * 60 * 1000;
const SECRET = `pdr_${'A'.repeat(43)}`;

type Call = { method: string; path: string; body: unknown };

function buildToken(overrides: Partial<ApiToken> = {}): ApiToken {
  return {
    id: 5,
    name: 'deploy script',
    scope: 'read',
    created_at: '2026-11-20T08:00:00.000Z',
    last_used_at: null,
    expires_at: null,
    ...overrides,
  };
}

function stubApi(tokens: ApiToken[], answer?: (call: Call) => { status?: number; body?: unknown } | undefined) {
  const calls: Call[] = [];
  stubFetch((url, init) => {
    const call = {
      method: init.method ?? 'GET',
      path: new URL(url).pathname,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.method === 'GET') return { body: { count: tokens.length, next: null, previous: null, results: tokens } };
    if (call.method === 'DELETE') return { body: { success: true } };
    const body = call.body as { name: string; scope: ApiToken['scope']; expires_at: string | null };
    return { status: 201, body: { ...buildToken({ id: 9, ...body }), token: SECRET } };
  });
  return calls;
}

const choose = async (label: string, option: string) => {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

beforeEach(() => {
  setSessionToken('test-key', 'local');
  queryClient.clear();
  queryClient.setQueryData(profileQueryKey, buildProfile({ time_zone: 'UTC', calendar: 'gregorian' }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the API tokens section', () => {
  it('lists each token with its scope, creation, last use and expiry', async () => {
    stubApi([
      buildToken({ id: 1, name: 'grafana', scope: 'read', last_used_at: '2026-11-26T10:15:00.000Z' }),
      buildToken({ id: 2, name: 'ci', scope: 'read_write', expires_at: '2026-01-01T00:00:00.000Z' }),
    ]);
    renderWithProviders(<ApiTokensSection />, { mantineEnv: 'test' });
    const rows = await screen.findAllByTestId('api-token');
    expect(rows).toHaveLength(2);
    const [grafana, ci] = rows as [HTMLElement, HTMLElement];
    expect(within(grafana).getByText('grafana')).toBeTruthy();
    expect(within(grafana).getByText('Read only')).toBeTruthy();
    expect(grafana.textContent).toContain('Last used Nov 26th, 10:15');
    expect(grafana.textContent).toContain('No expiry');
    expect(within(ci).getByText('Read and write')).toBeTruthy();
    expect(ci.textContent).toContain('Last used never');
    expect(within(ci).getAllByText(/Expired/).length).toBeGreaterThan(0);
  });

  it('creates a token with name, scope and expiry, then shows it once with a copy button and the warning', async () => {
    let tokens: ApiToken[] = [];
    const calls = stubApi(tokens, (call) => {
      if (call.method === 'GET') return { body: { count: tokens.length, next: null, previous: null, results: tokens } };
      return undefined;
    });
    renderWithProviders(<ApiTokensSection />, { mantineEnv: 'test' });
    await screen.findByText('No API tokens yet.');
    fireEvent.change(screen.getByLabelText('Token name'), { target: { value: 'ci deploy' } });
    await choose('Scope', 'Read and write');
    await choose('Expires', '30 days');
    tokens = [buildToken({ id: 9, name: 'ci deploy', scope: 'read_write' })];
    const before = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));

    expect((await screen.findByTestId('new-api-token')).textContent).toBe(SECRET);
    expect(screen.getByText('Copy it now: it will not be shown again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/v1/users/api_tokens');
    const body = post?.body as { name: string; scope: string; expires_at: string };
    expect(body.name).toBe('ci deploy');
    expect(body.scope).toBe('read_write');
    const lifetime = new Date(body.expires_at).getTime() - before;
    expect(lifetime).toBeGreaterThanOrEqual(30 * DAY_MS - 1000);
    expect(lifetime).toBeLessThanOrEqual(30 * DAY_MS + 5000);
    // The list is read again and shows the new token; the form is empty for the next one.
    expect(await screen.findByText('ci deploy')).toBeTruthy();
    expect((screen.getByLabelText('Token name') as HTMLInputElement).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('new-api-token')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('sends no expiry by default, and shows the server’s refusal under the name', async () => {
    const calls = stubApi([], (call) =>
      call.method === 'POST'
        ? {
            status: 400,
            body: {
              detail: 'name: You can keep at most 50 API tokens. Revoke one you no longer use first.',
              code: 'VALIDATION_FAILED',
              name: ['You can keep at most 50 API tokens. Revoke one you no longer use first.'],
            },
          }
        : undefined,
    );
    renderWithProviders(<ApiTokensSection />, { mantineEnv: 'test' });
    await screen.findByText('No API tokens yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Give the token a name.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Token name'), { target: { value: 'one too many' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(
      await screen.findByText('You can keep at most 50 API tokens. Revoke one you no longer use first.'),
    ).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'one too many',
      scope: 'read',
      expires_at: null,
    });
    expect(screen.queryByTestId('new-api-token')).toBeNull();
  });

  it('revokes a token only after confirmation', async () => {
    const calls = stubApi([buildToken({ id: 5, name: 'old script' })]);
    renderWithProviders(<ApiTokensSection />, { mantineEnv: 'test' });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke old script' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API token' });
    expect(dialog.textContent).toContain('Revoke “old script”? Scripts using it are refused from now on.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke old script' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/v1/users/api_tokens/5');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

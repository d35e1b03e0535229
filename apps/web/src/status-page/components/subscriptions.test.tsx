// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { statusLocationOf } from '../location';
import { StatusApp } from '../status-app';
import { buildPage, fakeFetch, jsonResponse } from '../testing/page-builders';
import { subscriptionRequestOf } from './subscription-landing';

// The first render of a file loads zod and the contracts: more than the default second on a busy machine.

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const renderAt = (path: string, search = '') =>
  render(<StatusApp location={statusLocationOf(path)} base="https://api.example.com/" search={search} />);

describe('the subscribe form', () => {
  it('posts the email and shows the server’s answer', async () => {
    const calls = fakeFetch((call) =>
      call.method === 'POST' ? jsonResponse({ detail: 'Check your inbox to confirm.' }) : jsonResponse(buildPage()),
    );
    renderAt('/status/acme');
    await screen.findByText('All systems operational');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' reader@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Check your inbox to confirm.')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: 'https://api.example.com/api/v1/public/status_pages/acme/subscribers',
      body: { email: 'reader@example.com' },
    });
  });

  it('shows a refusal’s detail, and the page’s own words for a 429', async () => {
    const answers = [
      jsonResponse({ code: 'VALIDATION_FAILED', detail: 'email: Invalid email address' }, 400),
      jsonResponse({ code: 'RATE_LIMITED', detail: 'Too many' }, 429),
    ];
    fakeFetch((call) => (call.method === 'POST' ? (answers.shift() as Response) : jsonResponse(buildPage())));
    renderAt('/status/acme');
    await screen.findByText('All systems operational');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'x@y' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('email: Invalid email address');
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Too many attempts. Wait a few minutes and try again.')).toBeTruthy();
  });
});

describe('the subscription landing page', () => {
  it('reads the token of a confirm or unsubscribe link', () => {
    expect(subscriptionRequestOf('?confirm=abc')).toStrictEqual({ action: 'confirm', token: 'abc' });
    expect(subscriptionRequestOf('?unsubscribe=x%2By')).toStrictEqual({ action: 'unsubscribe', token: 'x+y' });
    expect(subscriptionRequestOf('?other=1')).toBeNull();
  });

  it.each([
    ['confirm', 'confirmed', 'You are subscribed to Acme <b>status</b>.'],
    ['unsubscribe', 'unsubscribed', 'You will get no more mail from Acme <b>status</b>.'],
  ] as const)('posts a %s token and says the outcome', async (action, state, text) => {
    const calls = fakeFetch((call) =>
      call.method === 'POST'
        ? jsonResponse({ page_title: 'Acme <b>status</b>', page_url: 'https://status.example.com/', state })
        : jsonResponse(buildPage()),
    );
    renderAt('/status/acme/subscription', `?${action}=tok-9`);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the status page' }).getAttribute('href')).toBe(
      'https://status.example.com/',
    );
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: `https://api.example.com/api/v1/public/status_page_subscriptions/${action}`,
      body: { token: 'tok-9' },
    });
  });

  it('says when the link no longer works, and never links to a script URL', async () => {
    fakeFetch((call) =>
      call.method === 'POST' ? jsonResponse({ code: 'NOT_FOUND', detail: 'x' }, 404) : jsonResponse(buildPage()),
    );
    renderAt('/subscription', '?confirm=old');
    expect(
      await screen.findByText('This link does not work any more. Subscribe again from the status page.'),
    ).toBeTruthy();
    cleanup();
    fakeFetch((call) =>
      call.method === 'POST'
        ? jsonResponse({ page_title: 'T', page_url: 'javascript:alert(1)', state: 'confirmed' })
        : jsonResponse(buildPage()),
    );
    renderAt('/subscription', '?confirm=tok');
    await screen.findByText('You are subscribed to T.');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says when the link has no token', async () => {
    fakeFetch(() => jsonResponse(buildPage()));
    renderAt('/subscription', '');
    expect(await screen.findByText('This link is not complete.')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_MS } from '../hooks/use-polled-answer';
import { statusLocationOf } from '../location';
import { StatusApp } from '../status-app';
import { buildIncident, buildPage, fakeFetch, jsonResponse } from '../testing/page-builders';

// The first render of a file loads zod and the contracts: more than the default second on a busy machine.

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  globalThis.fetch = realFetch;
  sessionStorage.clear();
});

const renderAt = (path: string) => render(<StatusApp location={statusLocationOf(path)} base="" search="" />);

describe('an incident’s own page', () => {
  it('shows title, state, affected, every update and the post-mortem, times in the page’s zone', async () => {
    const incident = buildIncident({
      title: 'Checkout <em>down</em>',
      state: 'resolved',
      resolved_at: '2026-11-26T11:00:00Z',
      updates: [
        { state: 'resolved', body_html: '<p>Fixed.</p>', created_at: '2026-11-26T11:00:00Z' },
        { state: 'identified', body_html: '<p>A bad <code>deploy</code>.</p>', created_at: '2026-11-26T10:00:00Z' },
        { state: 'investigating', body_html: '<p>Looking.</p>', created_at: '2026-11-26T09:05:00Z' },
      ],
      postmortem_html: '<h2>What happened</h2><p>A deploy.</p>',
    });
    const calls = fakeFetch((call) =>
      call.url.includes('/incidents/') ? jsonResponse(incident) : jsonResponse(buildPage({ time_zone: 'Asia/Tehran' })),
    );
    const { container } = renderAt('/status/acme/incidents/7');
    expect(await screen.findByRole('heading', { name: 'Checkout <em>down</em>' })).toBeTruthy();
    expect(container.querySelector('.sp-incident-title em')).toBeNull();
    expect(calls.map((call) => call.url)).toContain('/api/v1/public/status_pages/acme/incidents/7');
    expect(
      [...container.querySelectorAll('.sp-update')].map((node) => node.querySelector('strong')?.textContent),
    ).toStrictEqual(['Resolved', 'Identified', 'Investigating']);
    expect(container.querySelector('.sp-update code')?.textContent).toBe('deploy');
    // 11:00 UTC is 14:30 in Tehran.
    expect(screen.getByText('Resolved Nov 26th, 2026 14:30')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Post-mortem' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What happened' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the status page' }).getAttribute('href')).toBe('/status/acme');
  });

  it('asks by Host on a custom domain, with the page’s token', async () => {
    sessionStorage.setItem(`paydar.status-page-token:host:${window.location.host}`, 'tok');
    const calls = fakeFetch((call) =>
      call.url.includes('/incidents/') ? jsonResponse(buildIncident()) : jsonResponse(buildPage()),
    );
    renderAt('/incidents/7');
    await screen.findByRole('heading', { name: 'API errors' });
    const call = calls.find((seen) => seen.url.includes('/incidents/'));
    expect(call?.url).toBe('/api/v1/public/status_page/incidents/7');
    expect(call?.headers['x-status-page-token']).toBe('tok');
    expect(screen.getByRole('link', { name: 'Back to the status page' }).getAttribute('href')).toBe('/');
  });

  it('says when the incident is not there', async () => {
    fakeFetch((call) =>
      call.url.includes('/incidents/')
        ? jsonResponse({ code: 'NOT_FOUND', detail: 'x' }, 404)
        : jsonResponse(buildPage()),
    );
    renderAt('/status/acme/incidents/9');
    expect(await screen.findByText('This incident was not found.')).toBeTruthy();
  });
});

describe('an incident’s own page, kept current', () => {
  const INCIDENT_API = '/api/v1/public/status_pages/acme/incidents/7';
  const investigating = buildIncident();
  const identified = buildIncident({
    state: 'identified',
    updates: [
      { state: 'identified', body_html: '<p>A bad deploy.</p>', created_at: '2026-11-26T09:20:00.000Z' },
      ...investigating.updates,
    ],
  });
  const updateStates = (container: HTMLElement) =>
    [...container.querySelectorAll('.sp-update-head strong')].map((node) => node.textContent);
  const tick = () => act(async () => vi.advanceTimersByTime(REFRESH_MS));

  it('shows a new update without a reload; a 304 changes nothing', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const answers = [
      jsonResponse(investigating, 200, { etag: '"i1"' }),
      jsonResponse(null, 304),
      jsonResponse(identified, 200, { etag: '"i2"' }),
    ];
    const calls = fakeFetch((call) =>
      call.url === INCIDENT_API ? (answers.shift() ?? jsonResponse(null, 304)) : jsonResponse(buildPage()),
    );
    const incidentCalls = () => calls.filter((call) => call.url === INCIDENT_API);
    const { container } = renderAt('/status/acme/incidents/7');
    await screen.findByRole('heading', { name: 'API errors' });
    expect(updateStates(container)).toStrictEqual(['Investigating']);
    expect(incidentCalls()[0]?.headers['if-none-match']).toBeUndefined();

    await tick();
    await waitFor(() => expect(incidentCalls()).toHaveLength(2));
    expect(incidentCalls()[1]?.headers['if-none-match']).toBe('"i1"');
    expect(updateStates(container)).toStrictEqual(['Investigating']);
    expect(container.querySelector('.sp-incident-meta .sp-state')?.textContent).toBe('Investigating');

    await tick();
    await waitFor(() => expect(updateStates(container)).toStrictEqual(['Identified', 'Investigating']));
    expect(incidentCalls()[2]?.headers['if-none-match']).toBe('"i1"');
    expect(container.querySelector('.sp-incident-meta .sp-state')?.textContent).toBe('Identified');
    expect(screen.getByText('A bad deploy.')).toBeTruthy();

    // The next ask names the new version.
    await tick();
    await waitFor(() => expect(incidentCalls()).toHaveLength(4));
    expect(incidentCalls()[3]?.headers['if-none-match']).toBe('"i2"');
  });

  it('keeps the incident when a poll fails, and takes the next answer', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const answers: Array<() => Response | Promise<Response>> = [
      () => jsonResponse(investigating, 200, { etag: '"i1"' }),
      () => Promise.reject(new TypeError('offline')),
      () => jsonResponse({ code: 'INTERNAL', detail: 'x' }, 503),
      () => jsonResponse(identified, 200, { etag: '"i2"' }),
    ];
    const calls = fakeFetch((call) =>
      call.url === INCIDENT_API ? (answers.shift()?.() ?? jsonResponse(null, 304)) : jsonResponse(buildPage()),
    );
    const incidentCalls = () => calls.filter((call) => call.url === INCIDENT_API);
    const { container } = renderAt('/status/acme/incidents/7');
    await screen.findByRole('heading', { name: 'API errors' });

    for (const seen of [2, 3]) {
      await tick();
      await waitFor(() => expect(incidentCalls()).toHaveLength(seen));
      // The failed read's promise settles after the call is seen: let it.
      await act(async () => {});
      expect(screen.getByRole('heading', { name: 'API errors' })).toBeTruthy();
      expect(updateStates(container)).toStrictEqual(['Investigating']);
      expect(screen.queryByRole('alert')).toBeNull();
    }
    // After failures the ETag is still the last answer's.
    expect(incidentCalls()[2]?.headers['if-none-match']).toBe('"i1"');

    await tick();
    await waitFor(() => expect(updateStates(container)).toStrictEqual(['Identified', 'Investigating']));
  });

  it('retries a first read that failed, and shows the incident when it comes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let down = true;
    fakeFetch((call) =>
      call.url === INCIDENT_API
        ? down
          ? Promise.reject(new TypeError('offline'))
          : jsonResponse(investigating, 200, { etag: '"i1"' })
        : jsonResponse(buildPage()),
    );
    renderAt('/status/acme/incidents/7');
    expect(await screen.findByText('The status page could not be loaded.')).toBeTruthy();
    down = false;
    await tick();
    expect(await screen.findByRole('heading', { name: 'API errors' })).toBeTruthy();
  });

  it('asks again when the tab becomes visible', async () => {
    const answers = [jsonResponse(investigating, 200, { etag: '"i1"' }), jsonResponse(identified, 200)];
    fakeFetch((call) =>
      call.url === INCIDENT_API ? (answers.shift() ?? jsonResponse(null, 304)) : jsonResponse(buildPage()),
    );
    const { container } = renderAt('/status/acme/incidents/7');
    await screen.findByRole('heading', { name: 'API errors' });
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(updateStates(container)).toStrictEqual(['Identified', 'Investigating']));
  });
});

// @vitest-environment jsdom
import { cleanup, configure, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { statusLocationOf } from '../location';
import { StatusApp } from '../status-app';
import { buildIncident, buildPage, fakeFetch, jsonResponse } from '../testing/page-builders';

// The first render of a file loads zod and the contracts: more than the default second on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
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

// @vitest-environment jsdom

import { RUNTIME_CONFIG_ELEMENT_ID } from '@paydar/contracts/runtime-config-element';
import { waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { giveListHeight } from '@/features/monitors/components/list/list-test-builders';
import { FIRST_SCREEN_ID } from '@/first-screen/first-screen-markup';
import { buildMonitor, summaryPage } from '@/testing/monitor-builders';
import { buildProfile, stubFetch, testConfig } from '@/testing/test-utils';

// The whole start-up (main.tsx) with browser storage that refuses to be read at all, as in a
// sandboxed iframe or a strict private mode: merely reading window.localStorage throws there.
const originals = {
  localStorage: Object.getOwnPropertyDescriptor(window, 'localStorage'),
  sessionStorage: Object.getOwnPropertyDescriptor(window, 'sessionStorage'),
};

function refuseStorage() {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    Object.defineProperty(window, name, {
      configurable: true,
      get() {
        throw new DOMException(`Access to '${name}' is denied for this document.`, 'SecurityError');
      },
    });
  }
}

afterEach(() => {
  for (const [name, descriptor] of Object.entries(originals)) {
    if (descriptor) Object.defineProperty(window, name, descriptor);
  }
  document.body.innerHTML = '';
  document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.remove();
});

it('starts past the spinner to the login page when reading localStorage throws', async () => {
  stubFetch((url) => (url.endsWith('/config.json') ? { body: testConfig } : { status: 401, body: {} }));
  window.history.replaceState(null, '', '/login');
  document.body.innerHTML = '<div id="root"><div id="boot"><div role="status" aria-label="Loading"></div></div></div>';
  refuseStorage();
  vi.resetModules();
  await import('./main');
  await waitFor(() => expect(document.body.textContent).toContain('Forget Password?'));
  expect(document.getElementById('boot')).toBeNull();
});

it('draws the dashboard of a returning visitor from the inlined configuration, asking the profile and the list once', async () => {
  const monitors = [buildMonitor({ id: 2, alias: 'Shop' }), buildMonitor({ id: 1, alias: 'Blog' })];
  const fetchMock = stubFetch((url) => {
    if (url.endsWith('/api/v1/users/profile')) return { body: buildProfile() };
    if (url.endsWith('/api/v1/monitors/')) return { body: summaryPage(monitors) };
    if (url.endsWith('/api/v1/users/subscriptions'))
      return { body: { count: 0, next: null, previous: null, results: [] } };
    return { status: 404, body: {} };
  });
  giveListHeight(600);
  window.history.replaceState(null, '', '/');
  localStorage.setItem('paydar.token', 'returning-key');
  document.head.insertAdjacentHTML(
    'beforeend',
    `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${JSON.stringify(testConfig)}</script>`,
  );
  document.body.innerHTML = '<div id="root"><div id="boot"><div role="status" aria-label="Loading"></div></div></div>';
  vi.resetModules();
  await import('./main');
  // The app's own list, not only the first screen's plain-DOM copy, which shows 'Shop' before the
  // app's code has run: the calls are counted once the app has started, and the test does not end
  // (clearing the page) before it starts — a busy run's unhandled "index.html has no #root".
  await waitFor(() => {
    expect(document.body.textContent).toContain('Shop');
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
  });
  const paths = fetchMock.mock.calls.map(([url]) => new URL(String(url)).pathname);
  expect(paths).not.toContain('/config.json');
  expect(paths.filter((path) => path === '/api/v1/users/profile')).toHaveLength(1);
  expect(paths.filter((path) => path === '/api/v1/monitors/')).toHaveLength(1);
  // Asked before anything else: by the page's first module, not after the app loaded.
  expect(paths.slice(0, 2)).toStrictEqual(['/api/v1/users/profile', '/api/v1/monitors/']);
});

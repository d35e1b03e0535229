// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { stubFetch, testConfig } from '@/testing/test-utils';

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
});

it('starts past the spinner to the login page when reading localStorage throws', async () => {
  stubFetch((url) => (url.endsWith('/config.json') ? { body: testConfig } : { status: 401, body: {} }));
  window.history.replaceState(null, '', '/login');
  document.body.innerHTML = '<div id="root"><div id="boot"><div role="status" aria-label="Loading"></div></div></div>';
  refuseStorage();
  vi.resetModules();
  await import('./main');
  await waitFor(() => expect(document.body.textContent).toContain('Forget Password?'), { timeout: 10_000 });
  expect(document.getElementById('boot')).toBeNull();
}, 20_000);

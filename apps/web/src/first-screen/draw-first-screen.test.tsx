// @vitest-environment jsdom
import { monitorSummary } from '@paydar/contracts/monitor-summary';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@paydar/contracts/runtime-config-element';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMonitors } from '@/features/monitors/api/get-monitors';
import { restoreSession } from '@/lib/auth';
import { dropEarlyResponses, startEarlyRequests } from '@/lib/early-requests';
import { buildMonitor, summaryPage } from '@/testing/monitor-builders';
import { buildProfile, setScreenWidth, stubFetch, testConfig } from '@/testing/test-utils';
import { drawFirstScreen } from './draw-first-screen';
import { readMonitorPage, readProfile, readWireMonitor } from './first-screen-data';
import { FIRST_SCREEN_ID } from './first-screen-markup';

const PROFILE_URL = `${testConfig.apiBaseUrl}/api/v1/users/profile`;
const LIST_URL = `${testConfig.apiBaseUrl}/api/v1/monitors/`;

function inlineConfig() {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = RUNTIME_CONFIG_ELEMENT_ID;
  element.textContent = JSON.stringify(testConfig);
  document.head.append(element);
}

afterEach(() => {
  dropEarlyResponses();
  document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.remove();
  document.getElementById(FIRST_SCREEN_ID)?.remove();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

describe('reading the list off the wire without zod', () => {
  const wires = summaryPage([
    buildMonitor({ id: 3, alias: 'Shop', last_status_code: 200, is_flapping: true }),
    buildMonitor({ id: 2, protocol_type: 'TCP', url: null, host: 'db:5432', last_status: 'OK', is_enabled: false }),
    buildMonitor({ id: 1, protocol_type: 'HEARTBEAT', url: null, host: null, alias: 'cron' }),
  ]).results;

  it.each(wires.map((wire) => [wire.id, wire]))('reads item %i as monitorSummary does', (_id, wire) => {
    const { labels: _labels, is_protected: _protected, ...expected } = monitorSummary.parse(wire);
    expect(readWireMonitor(wire)).toStrictEqual(expected);
  });

  it.each([
    ['an id that is not a number', { id: '3', protocol_type: 'HTTP' }],
    ['an unknown protocol', { id: 3, protocol_type: 'SMTP' }],
    ['a flag that is not true', { id: 3, protocol_type: 'HTTP', is_enabled: 'yes' }],
    ['a name that is not text', { id: 3, protocol_type: 'HTTP', alias: { toString: 'x' } }],
    ['a status code that is not a number', { id: 3, protocol_type: 'HTTP', last_status_code: '200' }],
  ])('refuses %s, as the schema does', (_case, wire) => {
    expect(readWireMonitor(wire)).toBeNull();
    expect(monitorSummary.safeParse(wire).success).toBe(false);
  });

  it('reads only the items to draw, and counts them all', () => {
    const read = readMonitorPage({ results: [...wires, { id: 'bad' }] }, 2);
    expect(read?.total).toBe(4);
    expect(read?.monitors.map((monitor) => monitor.id)).toStrictEqual([3, 2]);
    expect(readMonitorPage({ results: [{ id: 'bad' }] }, 2)).toBeNull();
    expect(readMonitorPage({ detail: 'Invalid token.' }, 2)).toBeNull();
  });

  it('takes a verified profile only', () => {
    expect(readProfile(buildProfile({ email: 'ana@example.com', charged_budget: 5 }))).toStrictEqual({
      email: 'ana@example.com',
      charged_budget: 5,
      is_demo: false,
    });
    expect(readProfile(buildProfile({ is_verified: false }))).toBeNull();
    expect(readProfile({ is_verified: true, email: 'a@example.com' })).toBeNull();
  });
});

describe('drawing the first screen from the early calls', () => {
  const monitors = Array.from({ length: 40 }, (_, index) =>
    buildMonitor({ id: 40 - index, alias: `Site ${40 - index}` }),
  );

  function stubServer(answer: { profile?: number; list?: number } = {}) {
    return stubFetch((url, init) => {
      const key = (init.headers as Record<string, string> | undefined)?.Authorization;
      if (key !== 'Token good') return { status: 401, body: { detail: 'Invalid token.' } };
      if (url === PROFILE_URL) return { status: answer.profile ?? 200, body: buildProfile() };
      if (url === LIST_URL) return { status: answer.list ?? 200, body: summaryPage(monitors) };
      return { status: 404, body: {} };
    });
  }

  function signIn(key = 'good') {
    localStorage.setItem('paydar.token', key);
    inlineConfig();
    setScreenWidth(1280);
    return startEarlyRequests({ monitors: true });
  }

  it("draws the items on screen, then leaves the list call's answer to the app, asked once", async () => {
    const fetchMock = stubServer();
    signIn();
    expect(await drawFirstScreen()).toBe(true);
    const items = document.querySelectorAll(`#${FIRST_SCREEN_ID} [data-testid="monitor-item"]`);
    // jsdom's window is 768 px high: 8 items fill it, 4 more as the React list's overscan.
    expect(items).toHaveLength(Math.ceil(window.innerHeight / 96) + 4);
    expect(document.querySelector(`#${FIRST_SCREEN_ID} .fs-count`)?.textContent).toBe('40 monitors');
    expect(document.querySelector(`#${FIRST_SCREEN_ID} [aria-current="page"]`)?.textContent).toContain('HTTP:Site 40');

    // The app's own start-up and list call, as in lib/early-requests.test.
    await restoreSession();
    const list = await getMonitors();
    expect(list.results).toHaveLength(40);
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === LIST_URL)).toHaveLength(1);
  });

  it('draws nothing for a refused key: the app meets the 401 and signs in again', async () => {
    stubServer();
    signIn('stale');
    expect(await drawFirstScreen()).toBe(false);
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
  });

  it.each([
    ['a failed list call', { list: 500 }],
    ['a failed profile call', { profile: 503 }],
  ])('draws nothing after %s', async (_case, answer) => {
    stubServer(answer);
    signIn();
    expect(await drawFirstScreen()).toBe(false);
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
  });

  it('draws nothing on another page, or while impersonating', async () => {
    stubServer();
    window.history.replaceState(null, '', '/monitor/3');
    signIn();
    expect(await drawFirstScreen()).toBe(false);
    window.history.replaceState(null, '', '/');
    localStorage.setItem('paydar.impersonate', '1');
    expect(await drawFirstScreen()).toBe(false);
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
  });

  it('gives up on answers slower than its wait', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    signIn();
    expect(await drawFirstScreen({ waitMs: 50 })).toBe(false);
  });
});

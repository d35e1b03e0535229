// @vitest-environment jsdom
import { RUNTIME_CONFIG_ELEMENT_ID } from '@paydar/contracts/runtime-config-element';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMonitors } from '@/features/monitors/api/get-monitors';
import { buildMonitor, summaryPage } from '@/testing/monitor-builders';
import { buildProfile, stubFetch, testConfig } from '@/testing/test-utils';
import { getProfile, restoreSession } from './auth';
import { dropEarlyResponses, EARLY_RESPONSE_MAX_AGE_MS, startEarlyRequests, takeEarlyResponse } from './early-requests';
import { getSession, setSessionToken } from './session-store';

const monitors = [buildMonitor({ id: 2, alias: 'Shop' }), buildMonitor({ id: 1, alias: 'Blog' })];
const PROFILE_URL = `${testConfig.apiBaseUrl}/api/v1/users/profile`;
const LIST_URL = `${testConfig.apiBaseUrl}/api/v1/monitors/`;

/** The page as the server sends it: the runtime configuration inlined. */
function inlineConfig(config: unknown = testConfig) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = RUNTIME_CONFIG_ELEMENT_ID;
  element.textContent = JSON.stringify(config);
  document.head.append(element);
}

/** Answers by key: `good` is Ana's session; any other key is refused as the server refuses it. */
function stubServer({ profile = { status: 200 } }: { profile?: { status: number } } = {}) {
  return stubFetch((url, init) => {
    const key = (init.headers as Record<string, string> | undefined)?.Authorization;
    if (key !== 'Token good') return { status: 401, body: { detail: 'Invalid token.' } };
    if (url === PROFILE_URL) return profile.status === 200 ? { body: buildProfile() } : { ...profile, body: {} };
    if (url === LIST_URL) return { body: summaryPage(monitors) };
    return { status: 404, body: {} };
  });
}

const requested = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

afterEach(() => {
  dropEarlyResponses();
  document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.remove();
  window.history.replaceState(null, '', '/');
});

describe('the early profile and list calls', () => {
  it('are asked once: the app takes their answers instead of asking again', async () => {
    const fetchMock = stubServer();
    localStorage.setItem('paydar.token', 'good');
    inlineConfig();
    expect(startEarlyRequests({ monitors: true })).toBe(true);
    expect(requested(fetchMock)).toStrictEqual([`GET ${PROFILE_URL}`, `GET ${LIST_URL}`]);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Token good' });

    // The app's own calls, as start-up and the dashboard make them.
    await restoreSession();
    expect(getSession().token).toBe('good');
    const list = await getMonitors();
    expect(list.results.map((monitor) => monitor.alias)).toStrictEqual(['Shop', 'Blog']);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // Taken once: the next call asks the server.
    await getMonitors();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('ask only the profile off the dashboard', () => {
    const fetchMock = stubServer();
    localStorage.setItem('paydar.token', 'good');
    inlineConfig();
    startEarlyRequests({ monitors: false });
    expect(requested(fetchMock)).toStrictEqual([`GET ${PROFILE_URL}`]);
  });

  it('with a stale key: the session is not started, the list is never used, a new sign-in asks anew', async () => {
    const fetchMock = stubServer();
    localStorage.setItem('paydar.token', 'stale');
    inlineConfig();
    startEarlyRequests({ monitors: true });
    await restoreSession();
    expect(getSession().token).toBeNull();
    expect(localStorage.getItem('paydar.token')).toBeNull();
    // The stale key's list answer (a 401) is for that key only: another key's call goes to the server.
    expect(takeEarlyResponse(LIST_URL, 'good')).toBeNull();
    localStorage.setItem('paydar.token', 'good');
    await restoreSession();
    expect(getSession().token).toBe('good');
    expect((await getMonitors()).results).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('without a stored key: nothing is asked', async () => {
    const fetchMock = stubServer();
    inlineConfig();
    expect(startEarlyRequests({ monitors: true })).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    await restoreSession();
    expect(getSession().token).toBeNull();
  });

  it('on /impersonate, which brings its own key, nothing is asked with the stored one', () => {
    const fetchMock = stubServer();
    localStorage.setItem('paydar.token', 'good');
    inlineConfig();
    window.history.replaceState(null, '', '/impersonate?token=other');
    startEarlyRequests({ monitors: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without the inlined configuration (dev server): the app asks itself, as before', () => {
    const fetchMock = stubServer();
    localStorage.setItem('paydar.token', 'good');
    expect(startEarlyRequests({ monitors: true })).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("when the profile fails (server error): the failure is the app's, the key is kept, and the next try asks again", async () => {
    const fetchMock = stubServer({ profile: { status: 503 } });
    localStorage.setItem('paydar.token', 'good');
    inlineConfig();
    startEarlyRequests({ monitors: true });
    await restoreSession();
    expect(getSession().token).toBeNull();
    expect(localStorage.getItem('paydar.token')).toBe('good');
    await expect(getProfile({ token: 'good' })).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('when the network fails: no unhandled rejection, and the app sees the usual network error', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      // A plain function: vi.fn would itself handle the rejections it records.
      vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
      localStorage.setItem('paydar.token', 'good');
      inlineConfig();
      startEarlyRequests({ monitors: true });
      await new Promise((resolve) => setTimeout(resolve, 20));
      // The list's answer is never taken here: its failure must not surface on its own.
      expect(unhandled).not.toHaveBeenCalled();
      await expect(getProfile({ token: 'good' })).rejects.toMatchObject({ status: 0 });
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('are dropped once too old: the app asks the server again', async () => {
    const fetchMock = stubServer();
    localStorage.setItem('paydar.token', 'good');
    inlineConfig();
    let now = 1_000;
    startEarlyRequests({ monitors: true, now: () => now });
    now += EARLY_RESPONSE_MAX_AGE_MS + 1;
    expect(takeEarlyResponse(LIST_URL, 'good', undefined, () => now)).toBeNull();
    setSessionToken('good', 'local');
    await getMonitors();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('reject as fetch does when the taker aborts, and stay for the next taker', async () => {
    const fetchMock = stubServer();
    localStorage.setItem('paydar.token', 'good');
    inlineConfig();
    startEarlyRequests({ monitors: true });
    const controller = new AbortController();
    const taken = takeEarlyResponse(LIST_URL, 'good', controller.signal);
    controller.abort();
    await expect(taken).rejects.toMatchObject({ name: 'AbortError' });
    // As react-query does when React mounts a component twice: cancelled, then asked again.
    setSessionToken('good', 'local');
    expect((await getMonitors()).results).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

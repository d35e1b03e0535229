// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/runtime-config';
import { testConfig } from '@/testing/test-utils';
import { track, trackOnce } from './analytics';

const purchase = { name: 'purchase', transaction_id: 'R1', value: 50_000, currency: 'TRY' } as const;

function configure(analyticsEndpoint: string | null) {
  setRuntimeConfig({ ...testConfig, analyticsEndpoint });
}

function stubBeacon(result: boolean | (() => never) = true) {
  const beacon = vi.fn((_url: string, _data?: BodyInit | null) => (typeof result === 'function' ? result() : result));
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
  return beacon;
}

afterEach(() => {
  configure(null);
  localStorage.clear();
});

describe('analytics adapter', () => {
  it('sends nothing when no endpoint is configured', () => {
    const beacon = stubBeacon();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    track(purchase);
    expect(beacon).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the event to the configured endpoint as a beacon', async () => {
    configure('https://collect.example.test/events');
    const beacon = stubBeacon();
    track(purchase);
    expect(beacon).toHaveBeenCalledOnce();
    const [url, blob] = beacon.mock.calls[0] ?? [];
    expect(url).toBe('https://collect.example.test/events');
    expect(JSON.parse(await (blob as Blob).text())).toMatchObject({ ...purchase, time: expect.any(String) });
  });

  it('falls back to fetch when the beacon is refused', () => {
    configure('https://collect.example.test/events');
    stubBeacon(false);
    const fetchMock = vi.fn().mockResolvedValue(new Response(null));
    vi.stubGlobal('fetch', fetchMock);
    track({ name: 'plan_upgrade', plan_name: 'Gold', period: 'Monthly', status: 'OK' });
    expect(fetchMock).toHaveBeenCalledWith(
      'https://collect.example.test/events',
      expect.objectContaining({ method: 'POST', keepalive: true }),
    );
  });

  it('never throws, whatever the browser does', () => {
    configure('https://collect.example.test/events');
    stubBeacon(() => {
      throw new TypeError('beacon blocked');
    });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    expect(() => track(purchase)).not.toThrow();
  });

  it('sends an event once per tab and id, so a reload does not count a payment twice', () => {
    configure('https://collect.example.test/events');
    const beacon = stubBeacon();
    trackOnce('purchase:R1', purchase);
    trackOnce('purchase:R1', purchase);
    trackOnce('purchase:R2', { ...purchase, transaction_id: 'R2' });
    expect(beacon).toHaveBeenCalledTimes(2);
  });
});

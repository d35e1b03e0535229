// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '@/testing/test-utils';
import { liveState, stubLiveFetch } from '../live.test-support';
import { liveBackoff, openLiveConnection } from './live-connection';

describe('openLiveConnection', () => {
  it('sends the session key in a header, never in the URL, and hands over each event', async () => {
    const stream = stubLiveFetch('/api/v1/live/');
    const onMessage = vi.fn();
    const stop = openLiveConnection({ path: '/api/v1/live/', token: 'key-1', onMessage, backoff: () => 0 });
    await waitFor(() => expect(stream.requests).toHaveLength(1));
    expect(stream.requests[0]?.Authorization).toBe('Token key-1');
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).not.toContain('key-1');
    stream.push('monitor', liveState(7), 41);
    await waitFor(() =>
      expect(onMessage).toHaveBeenCalledWith({ event: 'monitor', data: liveState(7), resumed: false }),
    );
    stop();
  });

  it('reconnects when the stream ends and resumes from the last event id', async () => {
    const stream = stubLiveFetch('/api/v1/live/');
    const stop = openLiveConnection({ path: '/api/v1/live/', token: 'key-1', onMessage: () => {}, backoff: () => 0 });
    await waitFor(() => expect(stream.requests).toHaveLength(1));
    expect(stream.requests[0]?.['Last-Event-ID']).toBeUndefined();
    stream.push('ready', { ids: [], down: [] }, 41);
    stream.push('monitor', liveState(7), 42);
    stream.end();
    await waitFor(() => expect(stream.requests).toHaveLength(2));
    expect(stream.requests[1]?.['Last-Event-ID']).toBe('42');
    stop();
  });

  it('stops on a refused key instead of retrying it', async () => {
    const stream = stubLiveFetch('/api/v1/live/', undefined, 401);
    const onUnauthorized = vi.fn();
    const stop = openLiveConnection({
      path: '/api/v1/live/',
      token: 'revoked',
      onMessage: () => {},
      onUnauthorized,
      backoff: () => 0,
    });
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stream.requests).toHaveLength(1);
    stop();
  });
});

describe('liveBackoff', () => {
  it('doubles up to 30 s, spread by half either way', () => {
    expect(liveBackoff(0, () => 0.5)).toBe(1_000);
    expect(liveBackoff(3, () => 0.5)).toBe(8_000);
    expect(liveBackoff(20, () => 0.5)).toBe(30_000);
    expect(liveBackoff(20, () => 0)).toBe(15_000);
    expect(liveBackoff(20, () => 0.999)).toBeLessThan(45_000);
  });
});

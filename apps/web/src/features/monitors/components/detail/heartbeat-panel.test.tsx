// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMonitor } from '@/testing/monitor-builders';
import { renderWithProviders, stubFetch } from '@/testing/test-utils';
import { rememberPingUrl } from '../../api/ping-url';
import { HeartbeatPanel } from './heartbeat-panel';
import { setUpDetailTests } from './monitor-detail.test-support';

setUpDetailTests();

const heartbeatMonitor = (id: number) =>
  buildMonitor({
    id,
    protocol_type: 'HEARTBEAT',
    url: null,
    alias: 'Nightly backup',
    period: 3600,
    terminal_command: '',
    probers: [],
    heartbeat: {
      grace: 300,
      ping_url_hint: 'https://paydar.test/ping/AbCdEf…',
      last_ping_at: null,
      last_ping_kind: null,
      last_ping_note: null,
      started_at: null,
      expected_by: null,
    },
  });

describe('HeartbeatPanel', () => {
  it('shows only the fingerprint once the URL is not in memory, and a new URL whole with examples when asked', async () => {
    const monitor = heartbeatMonitor(501);
    const fetchMock = stubFetch((url) =>
      url.includes('/ping-token/')
        ? { body: { ...monitor, ping_url: 'https://paydar.test/ping/new-secret' } }
        : { status: 404, body: { detail: 'Not found.' } },
    );
    renderWithProviders(<HeartbeatPanel monitor={monitor} readOnly={false} />);
    expect(screen.getByText('https://paydar.test/ping/AbCdEf…')).toBeTruthy();
    expect(screen.getByTestId('heartbeat-last-ping').textContent).toBe('Last ping: None yet');
    expect(screen.queryByTestId('ping-url')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show a new ping URL' }));
    await waitFor(() => expect(screen.getByTestId('ping-url').textContent).toBe('https://paydar.test/ping/new-secret'));
    const posted = fetchMock.mock.calls.filter(([url]) => String(url).includes('/ping-token/'));
    expect(posted.map(([url, init]) => [String(url).replace(/^.*\/api\//, '/api/'), init?.method])).toEqual([
      ['/api/v1/monitors/501/ping-token/', 'POST'],
    ]);
    expect(screen.getByTestId('ping-cron').textContent).toBe(
      "0 * * * * /path/to/job.sh && curl -fsS -m 10 --retry 3 -o /dev/null 'https://paydar.test/ping/new-secret'",
    );
  });

  it('shows the URL remembered from the add form, and no button to a read-only (demo) reader', () => {
    const monitor = heartbeatMonitor(502);
    act(() => rememberPingUrl(502, 'https://paydar.test/ping/made-now'));
    renderWithProviders(<HeartbeatPanel monitor={monitor} readOnly />);
    expect(screen.getByTestId('ping-url').textContent).toBe('https://paydar.test/ping/made-now');
    expect(screen.queryByRole('button', { name: /ping URL/ })).toBeNull();
  });
});

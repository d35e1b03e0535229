// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { noChannels, renderAt, setUpAlertTests, signIn, stubAlertsApi } from './alert-center.test-support';
import { AlertChannelsCard } from './alert-channels-card';

/** "Send test" on each verified channel (issue 14): the outcome shows beside the channel. */
setUpAlertTests();

const channels = {
  ...noChannels(),
  emails: [
    { value: 'ana@example.test', is_verified: true },
    { value: 'new@example.test', is_verified: false },
  ],
  phones: [{ value: '09121234567', is_verified: true }],
  webhooks: [{ value: 'https://hooks.example.test/paydar', is_verified: true }],
};

function setUp(options: Parameters<typeof stubAlertsApi>[0] = {}) {
  signIn({ alert_channels: channels });
  const api = stubAlertsApi({ profile: { alert_channels: channels }, ...options });
  renderAt(<AlertChannelsCard />);
  return api;
}

describe('send a test to a channel', () => {
  it('is offered on verified channels only', async () => {
    setUp();
    expect(await screen.findByRole('button', { name: 'Send a test message to ana@example.test' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a test message to 09121234567' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Send a test message to https://hooks.example.test/paydar' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send a test message to new@example.test' })).toBeNull();
  });

  it('sends it and shows that it was sent, beside the channel', async () => {
    const api = setUp();
    fireEvent.click(await screen.findByRole('button', { name: 'Send a test message to 09121234567' }));
    const outcome = await screen.findByRole('status', { name: 'Test outcome' });
    await waitFor(() => expect(outcome.textContent).toBe('09121234567: Test sent: Sent.'));
    expect(outcome.getAttribute('data-test-outcome')).toBe('sent');
    expect(api.callsTo('/api/v1/alert_channels/test').map((call) => call.body)).toEqual([
      { type: 'phone', value: '09121234567' },
    ]);
  });

  it('shows why not when the send failed', async () => {
    setUp({
      testChannel: () => ({
        body: {
          id: 901,
          notification_type: 'webhook',
          recipient: 'https://hooks.example.test/paydar',
          state: 'failed',
          is_sent: false,
          public_message: 'Not sent: the receiver answered HTTP 500.',
        },
      }),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Send a test message to https://hooks.example.test/paydar' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Test outcome' }).textContent).toBe(
        'https://hooks.example.test/paydar: Not sent: the receiver answered HTTP 500.',
      ),
    );
    expect(screen.getByRole('status', { name: 'Test outcome' }).getAttribute('data-test-outcome')).toBe('failed');
  });

  it('shows the server’s refusal (too many tests) and can be dismissed', async () => {
    setUp({
      testChannel: () => ({
        status: 429,
        body: { code: 'RATE_LIMITED', detail: 'Too many attempts. Please try again in 1 minute.' },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send a test message to ana@example.test' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Test outcome' }).textContent).toBe(
        'ana@example.test: Too many attempts. Please try again in 1 minute.',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the test outcome' }));
    expect(screen.queryByRole('status', { name: 'Test outcome' })).toBeNull();
  });

  it('sends one test while the first is on its way, however often it is clicked', async () => {
    const api = setUp();
    const button = await screen.findByRole('button', { name: 'Send a test message to ana@example.test' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Test outcome' }).getAttribute('data-test-outcome')).toBe('sent'),
    );
    expect(api.callsTo('/api/v1/alert_channels/test')).toHaveLength(1);
  });

  it('is not offered to the demo account', async () => {
    signIn({ is_demo: true, alert_channels: channels });
    stubAlertsApi({ profile: { is_demo: true, alert_channels: channels } });
    renderAt(<AlertChannelsCard />);
    await screen.findByText(/Alerts go to verified channels only/);
    expect(screen.queryByRole('button', { name: /^Send a test message/ })).toBeNull();
  });
});

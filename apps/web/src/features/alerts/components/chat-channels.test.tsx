// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  addTag,
  errorOf,
  noChannels,
  renderAt,
  setUpAlertTests,
  signIn,
  stubAlertsApi,
  tagsOf,
} from './alert-center.test-support';
import { AlertChannelsCard } from './alert-channels-card';

/** Slack, Discord and Mattermost webhooks and Bale in the Alerting channels card (issue 17). */
setUpAlertTests();

const SLACK = 'https://hooks.slack.com/services/T0001/B0001/abcdef';

describe('chat webhooks', () => {
  it('adds a Slack webhook to its own list, unverified until its test message is accepted', async () => {
    const api = stubAlertsApi();
    renderAt(<AlertChannelsCard />);
    addTag('Slack', SLACK);
    await waitFor(() => expect(api.saves()).toHaveLength(1));
    expect(api.saves()[0]).toMatchObject({
      alert_channels: { ...noChannels(), slack_webhooks: [{ value: SLACK, is_verified: false }] },
    });
    expect(tagsOf('Slack')).toEqual([`${SLACK}: not verified, gets no alerts yet`]);
    expect(screen.getByText(/we post a test message to it, and it is verified once Slack accepts it/)).toBeTruthy();
  });

  it.each([
    [
      'Slack',
      'https://hooks.slack.com/api/x',
      'Enter the incoming webhook address Slack gives, like https://hooks.slack.com/services/T000/B000/XXXX.',
    ],
    [
      'Discord',
      'https://discord.com/channels/1/2',
      'Enter the incoming webhook address Discord gives, like https://discord.com/api/webhooks/123/abc.',
    ],
    [
      'Mattermost',
      'https://chat.example.test/api/v4',
      'Enter the incoming webhook address Mattermost gives, like https://chat.example.com/hooks/xxxx.',
    ],
    ['Bale', '@ab', 'Enter a Bale username like @paydar_alerts (5 to 32 letters, digits or _).'],
  ])('checks a %s value before saving: %s', (label, text, message) => {
    const api = stubAlertsApi();
    renderAt(<AlertChannelsCard />);
    addTag(label, text);
    expect(errorOf(label)).toBe(message);
    expect(api.saves()).toEqual([]);
  });

  it('shows the server’s refusal of a look-alike address under the Slack field', async () => {
    stubAlertsApi({
      saveProfile: () => ({
        status: 400,
        body: {
          'alert_channels.slack_webhooks.0.value': ['Slack webhook addresses start with https://hooks.slack.com.'],
        },
      }),
    });
    renderAt(<AlertChannelsCard />);
    addTag('Slack', 'https://hooks.slack.com.evil.test/services/T1/B1/X1');
    await waitFor(() => expect(errorOf('Slack')).toBe('Slack webhook addresses start with https://hooks.slack.com.'));
  });
});

describe('Bale', () => {
  it('opens the Bale bot with the start link the server makes for an unverified name', async () => {
    const channels = { ...noChannels(), bale_usernames: [{ value: '@night_ops', is_verified: false }] };
    signIn({ alert_channels: channels });
    const api = stubAlertsApi({
      profile: { alert_channels: channels },
      sendToken: () => ({
        body: {
          success: true,
          detail: 'Open the link in Bale and press Start to link @night_ops.',
          link: 'https://ble.ir/paydar_bot?start=start-night_ops',
          is_verified: false,
          alert_channels: channels,
        },
      }),
    });
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderAt(<AlertChannelsCard />);
    expect(screen.getByText(/open @paydar_bot from that Bale account and press Start/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open the bot for @night_ops' }));
    await waitFor(() => expect(tab.location.href).toBe('https://ble.ir/paydar_bot?start=start-night_ops'));
    expect(api.callsTo('/api/v1/users/alert_channel/send_token').map((call) => call.body)).toEqual([
      { channel_type: 'bale', value: '@night_ops' },
    ]);
  });
});

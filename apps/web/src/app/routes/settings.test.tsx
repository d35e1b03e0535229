// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildNotification,
  noChannels,
  renderAt,
  setUpAlertTests,
  signIn,
  stubAlertsApi,
  tagsOf,
} from '@/features/alerts/components/alert-center.test-support';
import SettingsRoute from './settings';

/** /settings: the Alert Center page, and the landing of an email's confirmation link (spec §2, §8). */
setUpAlertTests();

const link = '/settings?verify_channel=email&value=ops%40example.com&token=tok-123';
const channels = { ...noChannels(), emails: [{ value: 'ops@example.com', is_verified: false }] };

describe('the Alert Center page', () => {
  it('shows the channels and the notification history', async () => {
    stubAlertsApi({ history: [buildNotification()] });
    renderAt(<SettingsRoute />);
    expect(screen.getByRole('heading', { name: 'Alert Center' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Alerting channels' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Notification history' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Notification history' })).toBeTruthy();
  });
});

describe('an email confirmation link', () => {
  it("verifies the email once, says 'Your email is now verified!' and cleans the address", async () => {
    signIn({ alert_channels: channels });
    const api = stubAlertsApi({ profile: { alert_channels: channels } });
    renderAt(<SettingsRoute />, link);
    expect(await screen.findByText('Your email is now verified!')).toBeTruthy();
    expect(api.callsTo('/api/v1/users/alert_channel/verify').map((call) => call.body)).toEqual([
      { channel_type: 'email', value: 'ops@example.com', token: 'tok-123' },
    ]);
    expect(screen.getByTestId('location').textContent).toBe('/settings');
    await waitFor(() => expect(tagsOf('Email')).toEqual(['ops@example.com: verified']));
  });

  it("says 'Something went wrong!' when the link is spent or wrong, and still cleans the address", async () => {
    signIn({ alert_channels: channels });
    stubAlertsApi({
      profile: { alert_channels: channels },
      verify: () => ({ status: 400, body: { detail: 'This link has expired.', code: 'INVALID_TOKEN' } }),
    });
    renderAt(<SettingsRoute />, link);
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
    expect(screen.queryByText('Your email is now verified!')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/settings');
    expect(tagsOf('Email')).toEqual(['ops@example.com: not verified, gets no alerts yet']);
  });

  it('leaves other queries alone and calls nothing without a token', async () => {
    const api = stubAlertsApi();
    renderAt(<SettingsRoute />, '/settings?verify_channel=email&value=ops%40example.com');
    await screen.findByText(/^No notifications yet\./);
    expect(api.callsTo('/api/v1/users/alert_channel/verify')).toEqual([]);
    expect(screen.getByTestId('location').textContent).toBe('/settings?verify_channel=email&value=ops%40example.com');
  });
});

import { type AlertChannels, completeAlertChannels } from '@paydar/contracts/accounts';
import { describe, expect, it } from 'vitest';
import { alertRecipients } from './alert-recipients';

const channels: AlertChannels = completeAlertChannels({
  emails: [
    { value: 'ops@example.test', is_verified: true },
    { value: 'new@example.test', is_verified: false },
  ],
  phones: [{ value: '09121234567', is_verified: true }],
  telegram_usernames: [{ value: '@ops_team', is_verified: true }],
  webhooks: [{ value: 'https://hooks.example.test/paydar', is_verified: true }],
});

describe('alertRecipients', () => {
  it('alerts every verified channel the monitor names, each once', () => {
    const recipients = alertRecipients(
      [
        { type: 'emails', value: 'ops@example.test' },
        { type: 'emails', value: 'ops@example.test' },
        { type: 'phones', value: '09121234567' },
        { type: 'telegram_usernames', value: '@ops_team' },
        { type: 'webhooks', value: 'https://hooks.example.test/paydar' },
      ],
      channels,
      { kind: 'down', voiceCall: false },
    );
    expect(recipients).toEqual([
      { notificationType: 'email', recipient: 'ops@example.test' },
      { notificationType: 'sms', recipient: '09121234567' },
      { notificationType: 'telegram', recipient: '@ops_team' },
      { notificationType: 'webhook', recipient: 'https://hooks.example.test/paydar' },
    ]);
  });

  it('skips unverified channels and channels no longer in the profile', () => {
    const recipients = alertRecipients(
      [
        { type: 'emails', value: 'new@example.test' },
        { type: 'emails', value: 'removed@example.test' },
      ],
      channels,
      { kind: 'down', voiceCall: true },
    );
    expect(recipients).toEqual([]);
  });

  it('rings a phone only for a down alert on a plan with voice calls', () => {
    const refs = [{ type: 'phones' as const, value: '09121234567' }];
    expect(alertRecipients(refs, channels, { kind: 'down', voiceCall: true })).toEqual([
      { notificationType: 'sms', recipient: '09121234567' },
      { notificationType: 'call', recipient: '09121234567' },
    ]);
    expect(alertRecipients(refs, channels, { kind: 'up', voiceCall: true })).toEqual([
      { notificationType: 'sms', recipient: '09121234567' },
    ]);
    expect(alertRecipients(refs, channels, { kind: 'down', voiceCall: false })).toHaveLength(1);
  });
});

import type { AlertChannels } from '@paydar/contracts/accounts';
import type { MonitorEventKind } from '@paydar/contracts/alert-events';
import type { NotificationType } from '@paydar/contracts/notifications';
import type { AlertChannelRef } from '../../db/schema/monitors';

export interface AlertRecipient {
  notificationType: NotificationType;
  recipient: string;
}

const TYPE_OF_KEY = {
  emails: 'email',
  phones: 'sms',
  telegram_usernames: 'telegram',
  webhooks: 'webhook',
  slack_webhooks: 'slack',
  discord_webhooks: 'discord',
  mattermost_webhooks: 'mattermost',
  bale_usernames: 'bale',
} as const satisfies Record<AlertChannelRef['type'], NotificationType>;

/**
 * Who a transition alerts: the monitor's chosen channels that are verified in the owner's
 * profile now, once each. A phone gets an SMS and, on plans with voice calls, a call when the
 * monitor goes down (a recovery does not ring anyone's phone).
 */
export function alertRecipients(
  refs: AlertChannelRef[],
  channels: AlertChannels,
  options: { kind: MonitorEventKind; voiceCall: boolean },
): AlertRecipient[] {
  const recipients: AlertRecipient[] = [];
  const seen = new Set<string>();
  const add = (notificationType: NotificationType, recipient: string) => {
    const key = `${notificationType}\u0000${recipient}`;
    if (seen.has(key)) return;
    seen.add(key);
    recipients.push({ notificationType, recipient });
  };
  for (const ref of refs) {
    const verified = channels[ref.type]?.some((entry) => entry.value === ref.value && entry.is_verified);
    if (!verified) continue;
    add(TYPE_OF_KEY[ref.type], ref.value);
    if (ref.type === 'phones' && options.voiceCall && options.kind === 'down') add('call', ref.value);
  }
  return recipients;
}

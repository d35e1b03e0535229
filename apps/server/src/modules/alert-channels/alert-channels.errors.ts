import type { AlertChannelType } from '@paydar/contracts/alert-channels';
import { invalidField } from '../../errors';

const NOUNS: Record<AlertChannelType, string> = {
  email: 'email address',
  phone: 'phone number',
  telegram: 'Telegram username',
  bale: 'Bale username',
  webhook: 'webhook',
  slack: 'Slack webhook',
  discord: 'Discord webhook',
  mattermost: 'Mattermost webhook',
};

/**
 * The one answer for a value that is not among the caller's channels of that type, whether it is
 * nobody's or another user's: a 400 on `value` that tells neither apart.
 */
export const notYourChannel = (type: AlertChannelType) =>
  invalidField('value', `This ${NOUNS[type]} is not in your alert channels. Add it in Alert Center first.`);

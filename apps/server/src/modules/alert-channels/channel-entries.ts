import type { AlertChannels } from '@paydar/contracts/accounts';
import { ALERT_CHANNEL_KEYS, type AlertChannelType, normalizeChannelValue } from '@paydar/contracts/alert-channels';

type Entry = AlertChannels['emails'][number];

// Values saved before normalization existed may differ in case or spacing; compare what they mean.
const sameChannel = (type: AlertChannelType, stored: string, normalized: string) =>
  normalizeChannelValue(type, stored) === normalized;

/** The user's entry of this type with the same value once normalized, if any. */
export function findChannelEntry(channels: AlertChannels, type: AlertChannelType, value: string): Entry | undefined {
  const normalized = normalizeChannelValue(type, value);
  return channels[ALERT_CHANNEL_KEYS[type]].find((entry) => sameChannel(type, entry.value, normalized));
}

/**
 * The channels with that entry's is_verified set. `found` says whether the user has the channel at
 * all (it may have been removed meanwhile); `changed` whether anything needs writing.
 */
export function withVerification(
  channels: AlertChannels,
  type: AlertChannelType,
  value: string,
  verified: boolean,
): { channels: AlertChannels; found: boolean; changed: boolean } {
  const key = ALERT_CHANNEL_KEYS[type];
  const normalized = normalizeChannelValue(type, value);
  let found = false;
  let changed = false;
  const entries = channels[key].map((entry) => {
    if (!sameChannel(type, entry.value, normalized)) return entry;
    found = true;
    if (entry.is_verified === verified) return entry;
    changed = true;
    return { ...entry, is_verified: verified };
  });
  return { channels: changed ? { ...channels, [key]: entries } : channels, found, changed };
}

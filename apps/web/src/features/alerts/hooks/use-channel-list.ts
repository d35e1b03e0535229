import type { AlertChannels } from '@paydar/contracts/accounts';
import {
  ALERT_CHANNEL_KEYS,
  type AlertChannelType,
  channelValueProblem,
  normalizeChannelValue,
} from '@paydar/contracts/alert-channels';
import { useState } from 'react';
import { useProfile } from '@/lib/auth';
import { channelFieldError, useUpdateAlertChannels } from '../api/update-alert-channels';

/** Spec §5: the rule shown when Enter is pressed on an empty tag field. */
export const EMPTY_TAG_RULE = 'Alert tags cannot be added when empty';
export const DUPLICATE_TAG_RULE = 'This channel is already in the list.';

type Entry = AlertChannels[keyof AlertChannels][number];

/** Why `raw` cannot be added to a list of this type holding `entries`; null when it can. */
export function addProblem(type: AlertChannelType, raw: string, entries: readonly Entry[]): string | null {
  const value = normalizeChannelValue(type, raw);
  if (!value) return EMPTY_TAG_RULE;
  const problem = channelValueProblem(type, raw);
  if (problem) return problem;
  return entries.some((entry) => entry.value === value) ? DUPLICATE_TAG_RULE : null;
}

/**
 * One channel type's tags: adding (checked here first, then by the server) and removing, each
 * saved at once with all four lists. `error` is the message to show under the field.
 */
export function useChannelList(type: AlertChannelType) {
  const { data: me } = useProfile();
  const update = useUpdateAlertChannels();
  const [error, setError] = useState<string | null>(null);
  const key = ALERT_CHANNEL_KEYS[type];
  const entries = me?.alert_channels[key] ?? [];

  function save(next: Entry[], onFailed?: () => void) {
    if (!me) return;
    setError(null);
    update.mutate(
      { me, alertChannels: { ...me.alert_channels, [key]: next } },
      {
        onError: (failure) => {
          setError(channelFieldError(failure, key));
          onFailed?.();
        },
      },
    );
  }

  return {
    entries,
    error,
    clearError: () => setError(null),
    saving: update.isPending,
    /** Adds `raw` unless a rule refuses it; true when it was taken. `onFailed` runs if the save fails. */
    add(raw: string, onFailed?: () => void): boolean {
      const problem = addProblem(type, raw, entries);
      if (problem) {
        setError(problem);
        return false;
      }
      save([...entries, { value: normalizeChannelValue(type, raw), is_verified: false }], onFailed);
      return true;
    },
    remove(value: string) {
      save(entries.filter((entry) => entry.value !== value));
    },
  };
}

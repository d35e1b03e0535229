import type { Profile } from '@paydar/contracts/accounts';
import type { TimeSettings } from '@paydar/domain/local-time';
import { useMemo } from 'react';
import { profileQueryKey, useProfile } from '@/lib/auth';
import { browserTimeSettings, formatTime, type InstantStyle } from '@/lib/date-time';
import { queryClient } from '@/lib/query-client';

function settingsOf(me: Pick<Profile, 'time_zone' | 'calendar'> | undefined): TimeSettings {
  return me?.time_zone && me.calendar ? { timeZone: me.time_zone, calendar: me.calendar } : browserTimeSettings();
}

/**
 * The same settings outside React (API calls): today's figures are asked for in the profile's zone,
 * so the day the server cuts is the day the screen draws.
 */
export function currentTimeSettings(): TimeSettings {
  return settingsOf(queryClient.getQueryData<Profile>(profileQueryKey));
}

/**
 * The zone and calendar every date on screen is shown in: the profile's (issue 15); the browser's
 * zone and Gregorian while signed out or before the profile has loaded.
 */
export function useTimeSettings(): TimeSettings {
  const { data: me } = useProfile();
  const timeZone = me?.time_zone;
  const calendar = me?.calendar;
  return useMemo(
    () => settingsOf(timeZone && calendar ? { time_zone: timeZone, calendar } : undefined),
    [timeZone, calendar],
  );
}

/** A formatter bound to the reader's settings: `format(instant)` → 'Mar 5th, 14:03:09'. */
export function useFormatTime(): (instant: string | number | Date, style?: InstantStyle) => string {
  const settings = useTimeSettings();
  return useMemo(() => (instant, style) => formatTime(instant, settings, style), [settings]);
}

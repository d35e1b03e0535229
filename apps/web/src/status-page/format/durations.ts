import type { StatusPageLanguage } from '@paydar/contracts/status-pages';
import type { StatusTexts } from '../i18n/texts';
import { formatCount } from './numbers';

/** 5,400 s → '1 h 30 min'; under a minute in seconds; the two largest units only. */
export function formatDuration(seconds: number, texts: StatusTexts, language: StatusPageLanguage): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  const n = (value: number) => formatCount(value, language);
  if (hours > 0)
    return minutes > 0
      ? `${texts.duration.hours(n(hours))} ${texts.duration.minutes(n(minutes))}`
      : texts.duration.hours(n(hours));
  if (minutes > 0)
    return rest > 0
      ? `${texts.duration.minutes(n(minutes))} ${texts.duration.seconds(n(rest))}`
      : texts.duration.minutes(n(minutes));
  return texts.duration.seconds(n(rest));
}

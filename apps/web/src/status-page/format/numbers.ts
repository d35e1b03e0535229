import type { StatusPageLanguage } from '@paydar/contracts/status-pages';

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

/** Latin digits written as Persian ones (and '.' as the Persian decimal mark) for `fa`; as is for `en`. */
export function localDigits(text: string, language: StatusPageLanguage): string {
  if (language !== 'fa') return text;
  return text
    .replace(/[0-9]/g, (digit) => PERSIAN_DIGITS[Number(digit)] as string)
    .replace(/(?<=[۰-۹])\.(?=[۰-۹])/g, '٫');
}

/** A whole number in the page's digits. */
export const formatCount = (value: number, language: StatusPageLanguage) =>
  localDigits(String(Math.round(value)), language);

/**
 * An uptime percentage with as many decimals as it needs to tell apart from 100 (99.99 %, never a
 * rounded-up 100 % for a day with downtime): two decimals, cut, not rounded; 100 stays '100%'.
 */
export function formatPercent(value: number, language: StatusPageLanguage): string {
  const cut = Math.floor(value * 100) / 100;
  const text = cut >= 100 ? '100' : cut.toFixed(2).replace(/\.?0+$/, '');
  return language === 'fa' ? `${localDigits(text, language)}٪` : `${text}%`;
}

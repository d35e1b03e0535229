import type { StatusPageLanguage } from '@paydar/contracts/status-pages';
import { createContext, type ReactNode, useContext } from 'react';
import { type StatusTexts, textsFor } from './i18n/texts';

/** The page's language, its texts and the zone its days and times are read in. */
export interface PageLocale {
  language: StatusPageLanguage;
  texts: StatusTexts;
  timeZone: string;
}

export const localeOf = (language: StatusPageLanguage, timeZone = 'UTC'): PageLocale => ({
  language,
  texts: textsFor(language),
  timeZone,
});

const LocaleContext = createContext<PageLocale>(localeOf('en'));

export function LocaleProvider({ locale, children }: { locale: PageLocale; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

export const useLocale = () => useContext(LocaleContext);

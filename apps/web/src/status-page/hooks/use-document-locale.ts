import type { StatusPageLanguage } from '@paydar/contracts/status-pages';
import { useEffect } from 'react';

/** The document follows the page: its title, `lang`, and `dir` (right-to-left for Persian). */
export function useDocumentLocale(title: string | null, language: StatusPageLanguage): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = language === 'fa' ? 'rtl' : 'ltr';
  }, [language]);
}

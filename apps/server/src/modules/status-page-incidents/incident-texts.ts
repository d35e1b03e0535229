import type { IncidentState } from '@paydar/contracts/status-page-incidents';
import type { StatusPageLanguage } from '@paydar/contracts/status-pages';
import { escapeMarkdown } from './incident-markdown';

/** The words the service writes itself, in the page's language (en, fa). */

const STATE_LABELS: Record<StatusPageLanguage, Record<IncidentState, string>> = {
  en: { investigating: 'Investigating', identified: 'Identified', monitoring: 'Monitoring', resolved: 'Resolved' },
  fa: { investigating: 'در حال بررسی', identified: 'علت مشخص شد', monitoring: 'در حال پایش', resolved: 'برطرف شد' },
};

export const stateLabel = (language: StatusPageLanguage, state: IncidentState) => STATE_LABELS[language][state];

/** "A", "A and B", "A, B and C" (fa: "A، B و C"). */
export function listOfNames(language: StatusPageLanguage, names: readonly string[]): string {
  const joined = names.map((name) => name.replace(/\s+/g, ' ').trim());
  if (joined.length <= 1) return joined[0] ?? '';
  const last = joined[joined.length - 1];
  const rest = joined.slice(0, -1).join(language === 'fa' ? '، ' : ', ');
  return language === 'fa' ? `${rest} و ${last}` : `${rest} and ${last}`;
}

/** An automatic incident's title: "Shop is down", "Shop and API are down". */
export function autoTitle(language: StatusPageLanguage, names: readonly string[]): string {
  const list = listOfNames(language, names);
  if (language === 'fa') return `${list} در دسترس نیست`;
  return `${list} ${names.length > 1 ? 'are' : 'is'} down`;
}

const markdownList = (language: StatusPageLanguage, names: readonly string[]) =>
  listOfNames(language, names.map(escapeMarkdown));

/** The first update of an automatic incident (investigating). */
export function autoOpenedBody(language: StatusPageLanguage, names: readonly string[]): string {
  const list = markdownList(language, names);
  if (language === 'fa') return `${list} به بررسی‌های ما پاسخ نمی‌دهد. در حال بررسی هستیم.`;
  return `${list} ${names.length > 1 ? 'are' : 'is'} not responding to our checks. We are investigating.`;
}

/** The update that resolves an automatic incident. */
export function autoResolvedBody(language: StatusPageLanguage, names: readonly string[]): string {
  const list = markdownList(language, names);
  if (language === 'fa') return `${list} دوباره در دسترس است.`;
  return `${list} ${names.length > 1 ? 'are' : 'is'} operational again.`;
}

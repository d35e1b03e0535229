import type { IncidentState } from '@paydar/contracts/status-page-incidents';
import type { StatusPageLanguage } from '@paydar/contracts/status-pages';
import { stateLabel } from './incident-texts';

/** The mail subscribers get for one incident update, in the page's language. */

export interface NoticeFacts {
  page: { slug: string; title: string; language: StatusPageLanguage; customDomain: string | null };
  incident: { id: number; title: string };
  update: { id: number; state: IncidentState; body: string; bodyHtml: string };
  dashboardUrl: string;
}

export interface IncidentNotice {
  key: string;
  subject: string;
  text: string;
  html: string;
}

/** The incident's public page: on the page's own domain when it has one. */
export function incidentLink(facts: Pick<NoticeFacts, 'page' | 'incident' | 'dashboardUrl'>): string {
  if (facts.page.customDomain) return `https://${facts.page.customDomain}/incidents/${facts.incident.id}`;
  return `${facts.dashboardUrl.replace(/\/+$/, '')}/status/${encodeURIComponent(facts.page.slug)}/incidents/${facts.incident.id}`;
}

/** A subject keeps one line whatever the titles hold. */
const oneLine = (text: string) => text.replace(/[\r\n\t\u2028\u2029]+/g, ' ').trim();

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const WORDS = {
  en: { read: 'Read the incident:', dir: 'ltr' },
  fa: { read: 'مشاهدهٔ رخداد:', dir: 'rtl' },
} as const;

export function composeIncidentNotice(facts: NoticeFacts): IncidentNotice {
  const { page, incident, update } = facts;
  const state = stateLabel(page.language, update.state);
  const link = incidentLink(facts);
  const words = WORDS[page.language];
  return {
    key: `incident-update:${update.id}`,
    subject: oneLine(`[${page.title}] ${incident.title}: ${state}`),
    text: `${incident.title}\n${state}\n\n${update.body}\n\n${words.read} ${link}\n`,
    html: [
      `<div dir="${words.dir}">`,
      `<h2>${escapeHtml(incident.title)}</h2>`,
      `<p><strong>${escapeHtml(state)}</strong></p>`,
      update.bodyHtml,
      `<p>${escapeHtml(words.read)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      '</div>',
    ].join('\n'),
  };
}

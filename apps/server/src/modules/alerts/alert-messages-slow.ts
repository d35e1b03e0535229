import type { AlertFacts } from '../../db/schema/notifications';

/**
 * What the channels say of a slow-response event (issue 14, item 4): `slow` when the monitor's
 * rule is broken, `slow_recovered` when it holds again. The reason, written by ingest, carries
 * the figures ("Apdex 0.42 over the last 20 checks (threshold 0.70).").
 */

const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

export const isSlowKind = (kind: AlertFacts['kind']): kind is 'slow' | 'slow_recovered' =>
  kind === 'slow' || kind === 'slow_recovered';

export function slowSubject(facts: AlertFacts, product: string): string {
  return `[${product}] ${facts.kind === 'slow' ? 'SLOW' : 'FAST AGAIN'}: ${facts.monitor.name}`;
}

/** The lines before the link, for mail and Telegram. */
export function slowLines(facts: AlertFacts): string[] {
  const head =
    facts.kind === 'slow'
      ? `${facts.monitor.name} is responding slowly since ${utc(facts.at)}.`
      : `${facts.monitor.name} is responding normally again since ${utc(facts.at)}.`;
  return facts.reason ? [head, facts.reason] : [head];
}

export function slowSms(facts: AlertFacts, product: string): string {
  const what = facts.kind === 'slow' ? 'is SLOW' : 'is fast again';
  return `${product}: ${facts.monitor.name} ${what}${facts.reason ? `: ${facts.reason}` : '.'}`;
}

import { formatTomans } from '@paydar/domain/format';
import type { MailMessage } from '../mail/mail.transport';

/** The mails of a plan's end: three days before it, and on the day (renewed, or moved to Free). */

interface Recipient {
  productName: string;
  to: string;
  /** Where the user tops up the wallet: the dashboard's /finance. */
  financeLink: string;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const time = (date: Date) => `${day(date)} ${date.toISOString().slice(11, 16)} UTC`;

export type RenewalOutlook =
  | { kind: 'covered'; price: number; balance: number }
  | { kind: 'short'; price: number; balance: number }
  /** The user switched the renewal off: the plan ends and the account moves to Free. */
  | { kind: 'renewal-off' }
  /** Enterprise, or a plan the wallet does not pay for: it ends unless we extend it. */
  | { kind: 'not-from-wallet' };

/** Why a plan ended without renewal. */
export type EndReason = Exclude<RenewalOutlook, { kind: 'covered' }>;

const TO_FREE = 'your account moves to the Free plan and the monitors beyond its limits are switched off';

function noticeBody(outlook: RenewalOutlook, financeLink: string): string {
  switch (outlook.kind) {
    case 'covered':
      return `Your credit (${formatTomans(outlook.balance)}) covers the renewal: ${formatTomans(outlook.price)} will be taken from your wallet then, and the plan goes on. To end it instead, switch off "Renew automatically" on your Billing page:\n${financeLink}`;
    case 'short':
      return `The renewal costs ${formatTomans(outlook.price)} and your credit is ${formatTomans(outlook.balance)}. Charge at least ${formatTomans(outlook.price - outlook.balance)} before then, or ${TO_FREE}:\n${financeLink}`;
    case 'renewal-off':
      return `You switched off its renewal, so nothing will be taken from your wallet: ${TO_FREE}. To keep it, switch "Renew automatically" on again on your Billing page:\n${financeLink}`;
    case 'not-from-wallet':
      return `This plan is not renewed from the wallet. Contact us to extend it; otherwise ${TO_FREE}.`;
  }
}

export function expiryNoticeMail(
  recipient: Recipient,
  facts: { planLabel: string; expireTime: Date; outlook: RenewalOutlook },
): MailMessage {
  const { outlook } = facts;
  const head = `Your ${facts.planLabel} plan on ${recipient.productName} ends on ${time(facts.expireTime)}.`;
  const body = noticeBody(outlook, recipient.financeLink);
  return {
    to: recipient.to,
    subject: `Your ${facts.planLabel} plan ends on ${day(facts.expireTime)}`,
    text: `${head}\n\n${body}\n`,
  };
}

export function renewedMail(
  recipient: Recipient,
  facts: { planLabel: string; price: number; balance: number; expireTime: Date },
): MailMessage {
  return {
    to: recipient.to,
    subject: `Your ${facts.planLabel} plan was renewed`,
    text: `Your ${facts.planLabel} plan on ${recipient.productName} was renewed until ${time(facts.expireTime)}.\n\n${formatTomans(facts.price)} was taken from your wallet; your credit is now ${formatTomans(facts.balance)}.\n`,
  };
}

const list = (names: string[]) => names.map((name) => `- ${name}`).join('\n');

export function movedToFreeMail(
  recipient: Recipient,
  facts: {
    planLabel: string;
    reason: EndReason;
    disabledMonitors: string[];
    trimmedMonitors: string[];
    freeProbers: number;
  },
): MailMessage {
  const { reason } = facts;
  const why =
    reason.kind === 'short'
      ? `Its renewal costs ${formatTomans(reason.price)} and your credit was ${formatTomans(reason.balance)}.`
      : reason.kind === 'renewal-off'
        ? 'You had switched off its renewal; nothing was taken from your wallet.'
        : 'It is not renewed from the wallet.';
  const changes = [
    facts.disabledMonitors.length
      ? `These monitors are beyond the Free plan's limits and were switched off (none was deleted; switch them on again after buying a plan):\n${list(facts.disabledMonitors)}`
      : '',
    facts.trimmedMonitors.length
      ? `These monitors keep running from ${facts.freeProbers} probers, the Free plan's limit (the others were taken off them):\n${list(facts.trimmedMonitors)}`
      : '',
  ].filter(Boolean);
  const monitors = changes.length ? changes.join('\n\n') : 'All your monitors fit in the Free plan and keep running.';
  return {
    to: recipient.to,
    subject: `Your ${facts.planLabel} plan ended: you are on the Free plan`,
    text: `Your ${facts.planLabel} plan on ${recipient.productName} ended and your account is now on the Free plan. ${why}\n\n${monitors}\n\nCharge your wallet and buy a plan here:\n${recipient.financeLink}\n`,
  };
}

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
  /** Enterprise, or a plan the wallet does not pay for: it ends unless we extend it. */
  | { kind: 'not-from-wallet' };

export function expiryNoticeMail(
  recipient: Recipient,
  facts: { planLabel: string; expireTime: Date; outlook: RenewalOutlook },
): MailMessage {
  const { outlook } = facts;
  const head = `Your ${facts.planLabel} plan on ${recipient.productName} ends on ${time(facts.expireTime)}.`;
  const body =
    outlook.kind === 'covered'
      ? `Your credit (${formatTomans(outlook.balance)}) covers the renewal: ${formatTomans(outlook.price)} will be taken from your wallet then, and the plan goes on. Nothing to do.`
      : outlook.kind === 'short'
        ? `The renewal costs ${formatTomans(outlook.price)} and your credit is ${formatTomans(outlook.balance)}. Charge at least ${formatTomans(outlook.price - outlook.balance)} before then, or your account moves to the Free plan and the monitors beyond its limits are switched off:\n${recipient.financeLink}`
        : 'This plan is not renewed from the wallet. Contact us to extend it; otherwise your account moves to the Free plan and the monitors beyond its limits are switched off.';
  return {
    to: recipient.to,
    subject: `Your ${facts.planLabel} plan ends in 3 days`,
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

export function movedToFreeMail(
  recipient: Recipient,
  facts: { planLabel: string; price: number | null; balance: number; disabledMonitors: string[] },
): MailMessage {
  const why =
    facts.price === null
      ? 'It is not renewed from the wallet.'
      : `Its renewal costs ${formatTomans(facts.price)} and your credit was ${formatTomans(facts.balance)}.`;
  const monitors = facts.disabledMonitors.length
    ? `These monitors are beyond the Free plan's limits and were switched off (none was deleted; switch them on again after buying a plan):\n${facts.disabledMonitors.map((name) => `- ${name}`).join('\n')}`
    : 'All your monitors fit in the Free plan and keep running.';
  return {
    to: recipient.to,
    subject: `Your ${facts.planLabel} plan ended: you are on the Free plan`,
    text: `Your ${facts.planLabel} plan on ${recipient.productName} ended and your account is now on the Free plan. ${why}\n\n${monitors}\n\nCharge your wallet and buy a plan here:\n${recipient.financeLink}\n`,
  };
}

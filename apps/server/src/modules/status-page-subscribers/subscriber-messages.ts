import { SUBSCRIPTION_CONFIRM_HOURS } from '@paydar/contracts/status-page-subscribers';
import type { StatusPageLanguage } from '@paydar/contracts/status-pages';
import { formatInstant } from '@paydar/domain/local-time';
import type { MailMessage } from '../mail/mail.transport';

/**
 * What subscribers read, in the page's language (en, fa): the answer to a subscribe, the
 * confirmation mail, the footer every notice carries, and the scheduled-maintenance notice. Pure:
 * the caller gives the links and times. Page titles and window titles are the owner's text: they
 * are escaped in HTML and kept as text in plain parts.
 */

export type NoticeContent = Pick<MailMessage, 'subject' | 'text'> & { html: string };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as HTML that shows it as it is. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] as string);

const direction = (language: StatusPageLanguage) => (language === 'fa' ? 'rtl' : 'ltr');
/** An HTML body in the page's direction. */
const htmlBody = (language: StatusPageLanguage, inner: string) =>
  `<div dir="${direction(language)}" lang="${language}">${inner}</div>`;

/** The 202's `detail`, the same whatever state the address was in. */
export function subscribeAnswerText(language: StatusPageLanguage): string {
  return language === 'fa'
    ? 'اگر این نشانی هنوز تأیید نشده باشد، نامه‌ای برای تأیید فرستادیم. صندوق نامه‌تان را ببینید.'
    : 'Check your inbox to confirm: if this address still needs confirming, we sent it a link.';
}

export function confirmationMail(options: {
  language: StatusPageLanguage;
  to: string;
  pageTitle: string;
  confirmLink: string;
}): MailMessage {
  const { language, to, pageTitle, confirmLink } = options;
  if (language === 'fa') {
    const text = `کسی خواسته است این نشانی از رویدادها و نگهداری‌های «${pageTitle}» باخبر شود.\n\nبرای تأیید این پیوند را باز کنید:\n${confirmLink}\n\nپیوند تا ${SUBSCRIPTION_CONFIRM_HOURS} ساعت کار می‌کند. اگر شما نخواسته‌اید، این نامه را نادیده بگیرید: چیزی برایتان فرستاده نمی‌شود.\n`;
    return {
      to,
      subject: `تأیید اشتراک در ${pageTitle}`,
      text,
      html: htmlBody(
        language,
        `<p>کسی خواسته است این نشانی از رویدادها و نگهداری‌های «${escapeHtml(pageTitle)}» باخبر شود.</p><p><a href="${escapeHtml(confirmLink)}">تأیید اشتراک</a></p><p>پیوند تا ${SUBSCRIPTION_CONFIRM_HOURS} ساعت کار می‌کند. اگر شما نخواسته‌اید، این نامه را نادیده بگیرید.</p>`,
      ),
    };
  }
  const text = `Someone asked for this address to hear of incidents and maintenance on ${pageTitle}.\n\nConfirm by opening this link:\n${confirmLink}\n\nThe link works for ${SUBSCRIPTION_CONFIRM_HOURS} hours. If it was not you, ignore this mail: nothing will be sent to you.\n`;
  return {
    to,
    subject: `Confirm your subscription to ${pageTitle}`,
    text,
    html: htmlBody(
      language,
      `<p>Someone asked for this address to hear of incidents and maintenance on ${escapeHtml(pageTitle)}.</p><p><a href="${escapeHtml(confirmLink)}">Confirm the subscription</a></p><p>The link works for ${SUBSCRIPTION_CONFIRM_HOURS} hours. If it was not you, ignore this mail: nothing will be sent to you.</p>`,
    ),
  };
}

/** A notice as one subscriber gets it: the notice, then why they get it and how to stop. */
export function withUnsubscribeFooter(
  notice: NoticeContent,
  options: { language: StatusPageLanguage; pageTitle: string; unsubscribeLink: string },
): NoticeContent {
  const { language, pageTitle, unsubscribeLink } = options;
  const [why, stop] =
    language === 'fa'
      ? [`این نامه را گرفتید چون مشترک «${pageTitle}» هستید.`, 'لغو اشتراک']
      : [`You get this mail because you subscribed to ${pageTitle}.`, 'Unsubscribe'];
  const htmlWhy =
    language === 'fa'
      ? `این نامه را گرفتید چون مشترک «${escapeHtml(pageTitle)}» هستید.`
      : `You get this mail because you subscribed to ${escapeHtml(pageTitle)}.`;
  return {
    subject: notice.subject,
    text: `${notice.text.trimEnd()}\n\n--\n${why}\n${stop}: ${unsubscribeLink}\n`,
    html: `${notice.html}<hr>${htmlBody(language, `<p>${htmlWhy} <a href="${escapeHtml(unsubscribeLink)}">${stop}</a></p>`)}`,
  };
}

/** 'Scheduled maintenance: <title>, <when in the page's zone>' (Jalali dates on a Persian page). */
export function maintenanceScheduledNotice(options: {
  language: StatusPageLanguage;
  timeZone: string;
  pageTitle: string;
  title: string;
  startsAt: number;
  endsAt: number;
  weekly: boolean;
  affected: readonly string[];
}): NoticeContent {
  const { language, timeZone, title } = options;
  const settings = { timeZone, calendar: language === 'fa' ? ('jalali' as const) : ('gregorian' as const) };
  const from = formatInstant(options.startsAt, settings, 'numeric-date-time');
  const to = formatInstant(options.endsAt, settings, 'numeric-date-time');
  const affected = options.affected.join(language === 'fa' ? '، ' : ', ');
  const lines =
    language === 'fa'
      ? {
          subject: `نگهداری برنامه‌ریزی‌شده: ${title}`,
          when: `${options.weekly ? 'هر هفته؛ نوبت بعد ' : ''}${from} تا ${to} (${timeZone})`,
          head: `نگهداری برنامه‌ریزی‌شده: ${title}، `,
          affectedLabel: 'بخش‌های درگیر',
          page: `در «${options.pageTitle}»`,
        }
      : {
          subject: `Scheduled maintenance: ${title}`,
          when: `${options.weekly ? 'weekly, next ' : ''}${from} – ${to} (${timeZone})`,
          head: `Scheduled maintenance: ${title}, `,
          affectedLabel: 'Affected',
          page: `On ${options.pageTitle}`,
        };
  const sentence = `${lines.head}${lines.when}`;
  return {
    subject: lines.subject,
    text: `${sentence}\n${lines.page}. ${lines.affectedLabel}: ${affected}\n`,
    html: htmlBody(
      language,
      `<p>${escapeHtml(sentence)}</p><p>${escapeHtml(lines.page)}. ${escapeHtml(lines.affectedLabel)}: ${escapeHtml(affected)}</p>`,
    ),
  };
}

/** To the page's owner, at most once a day: visitors are being turned away. English, as account mails are. */
export function subscriberLimitMail(options: {
  productName: string;
  to: string;
  pageTitle: string;
  limit: number;
}): MailMessage {
  const { productName, to, pageTitle, limit } = options;
  return {
    to,
    subject: `Your status page ${pageTitle} is full`,
    text: `Your ${productName} status page "${pageTitle}" has ${limit} subscribers, as many as your plan allows, and a visitor was just turned away.\n\nUpgrade your plan, or remove subscribers, to take new ones.\n`,
  };
}

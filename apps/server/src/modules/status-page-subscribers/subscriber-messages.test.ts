import { describe, expect, it } from 'vitest';
import {
  confirmationMail,
  escapeHtml,
  maintenanceScheduledNotice,
  subscribeAnswerText,
  subscriberLimitMail,
  withUnsubscribeFooter,
} from './subscriber-messages';

const START = Date.UTC(2026, 11, 1, 22, 30); // 2026-12-01 22:30 UTC = 2026-12-02 02:00 Asia/Tehran
const END = START + 90 * 60_000;

describe('subscriber messages', () => {
  it('answers a subscribe in the page language', () => {
    expect(subscribeAnswerText('en')).toMatch(/^Check your inbox to confirm/);
    expect(subscribeAnswerText('fa')).toMatch(/صندوق نامه/);
  });

  it('writes the confirmation mail with its link, in English and Persian, escaping the title in HTML', () => {
    const link = 'https://status.example.com/subscription?confirm=abc';
    const en = confirmationMail({ language: 'en', to: 'a@b.test', pageTitle: '<b>Acme</b>', confirmLink: link });
    expect(en.subject).toBe('Confirm your subscription to <b>Acme</b>');
    expect(en.text).toContain(`\n${link}\n`);
    expect(en.text).toContain('48 hours');
    expect(en.html).toContain('&lt;b&gt;Acme&lt;/b&gt;');
    expect(en.html).not.toContain('<b>Acme');
    expect(en.html).toContain('dir="ltr"');
    const fa = confirmationMail({ language: 'fa', to: 'a@b.test', pageTitle: 'آکمه', confirmLink: link });
    expect(fa.subject).toBe('تأیید اشتراک در آکمه');
    expect(fa.text).toContain(link);
    expect(fa.html).toContain('dir="rtl"');
  });

  it('appends why and how to stop to every notice, in the page language', () => {
    const notice = { subject: 'S', text: 'Body\n', html: '<p>Body</p>' };
    const link = 'https://d.test/status/acme/subscription?unsubscribe=t';
    const en = withUnsubscribeFooter(notice, { language: 'en', pageTitle: 'Acme & Co', unsubscribeLink: link });
    expect(en.subject).toBe('S');
    expect(en.text).toBe(`Body\n\n--\nYou get this mail because you subscribed to Acme & Co.\nUnsubscribe: ${link}\n`);
    expect(en.html).toContain('Acme &amp; Co');
    expect(en.html).toContain(`href="${escapeHtml(link)}"`);
    const fa = withUnsubscribeFooter(notice, { language: 'fa', pageTitle: 'آکمه', unsubscribeLink: link });
    expect(fa.text).toContain(`لغو اشتراک: ${link}`);
  });

  it('says "Scheduled maintenance: <title>, <when in the page zone>" — Jalali on a Persian page', () => {
    const en = maintenanceScheduledNotice({
      language: 'en',
      timeZone: 'Asia/Tehran',
      pageTitle: 'Acme',
      title: 'DB <upgrade>',
      startsAt: START,
      endsAt: END,
      weekly: false,
      affected: ['API', 'Web'],
    });
    expect(en.subject).toBe('Scheduled maintenance: DB <upgrade>');
    expect(en.text).toBe(
      'Scheduled maintenance: DB <upgrade>, 2026/12/02 - 02:00 – 2026/12/02 - 03:30 (Asia/Tehran)\nOn Acme. Affected: API, Web\n',
    );
    expect(en.html).toContain('DB &lt;upgrade&gt;');
    const weekly = maintenanceScheduledNotice({
      language: 'en',
      timeZone: 'UTC',
      pageTitle: 'Acme',
      title: 'Backup',
      startsAt: START,
      endsAt: END,
      weekly: true,
      affected: ['API'],
    });
    expect(weekly.text).toContain('Backup, weekly, next 2026/12/01 - 22:30 – 2026/12/02 - 00:00 (UTC)');
    const fa = maintenanceScheduledNotice({
      language: 'fa',
      timeZone: 'Asia/Tehran',
      pageTitle: 'آکمه',
      title: 'ارتقا',
      startsAt: START,
      endsAt: END,
      weekly: false,
      affected: ['API', 'Web'],
    });
    expect(fa.subject).toBe('نگهداری برنامه‌ریزی‌شده: ارتقا');
    // 2026-12-02 is 11 Azar 1405.
    expect(fa.text).toContain('1405/09/11 - 02:00 تا 1405/09/11 - 03:30 (Asia/Tehran)');
    expect(fa.text).toContain('API، Web');
    expect(fa.html).toContain('dir="rtl"');
  });

  it('tells the owner their page is full', () => {
    const mail = subscriberLimitMail({ productName: 'Paydar', to: 'o@x.test', pageTitle: 'Acme', limit: 100 });
    expect(mail.subject).toBe('Your status page Acme is full');
    expect(mail.text).toContain('"Acme" has 100 subscribers, as many as your plan allows');
  });
});

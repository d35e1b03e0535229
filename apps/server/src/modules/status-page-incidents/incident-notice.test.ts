import { describe, expect, it } from 'vitest';
import { composeIncidentNotice, incidentLink, type NoticeFacts } from './incident-notice';
import { autoOpenedBody, autoResolvedBody, autoTitle, listOfNames } from './incident-texts';

const facts = (overrides: Partial<NoticeFacts['page']> = {}): NoticeFacts => ({
  page: { slug: 'acme', title: 'Acme', language: 'en', customDomain: null, ...overrides },
  incident: { id: 42, title: 'Shop is down' },
  update: {
    id: 7,
    state: 'identified',
    body: 'The **database** is full.',
    bodyHtml: '<p>The <strong>database</strong> is full.</p>',
  },
  dashboardUrl: 'https://app.paydar.example/',
});

describe('the subscribers’ mail for an incident update', () => {
  it('has the key, subject, text and HTML with the incident’s link', () => {
    const notice = composeIncidentNotice(facts());
    expect(notice.key).toBe('incident-update:7');
    expect(notice.subject).toBe('[Acme] Shop is down: Identified');
    expect(notice.text).toContain('The **database** is full.');
    expect(notice.text).toContain('https://app.paydar.example/status/acme/incidents/42');
    expect(notice.html).toContain('<p>The <strong>database</strong> is full.</p>');
    expect(notice.html).toContain('href="https://app.paydar.example/status/acme/incidents/42"');
    expect(notice.html).toContain('dir="ltr"');
  });

  it('links to the custom domain when the page has one', () => {
    expect(incidentLink(facts({ customDomain: 'status.acme.test' }))).toBe('https://status.acme.test/incidents/42');
  });

  it('speaks Persian, right to left, on a Persian page', () => {
    const notice = composeIncidentNotice(facts({ language: 'fa' }));
    expect(notice.subject).toBe('[Acme] Shop is down: علت مشخص شد');
    expect(notice.html).toContain('dir="rtl"');
    expect(notice.text).toContain('مشاهدهٔ رخداد:');
  });

  it('escapes markup in titles and keeps the subject on one line', () => {
    const notice = composeIncidentNotice({
      ...facts({ title: 'Acme\r\nBcc: x@evil.test' }),
      incident: { id: 1, title: '<script>alert(1)</script>' },
    });
    expect(notice.subject).not.toMatch(/[\r\n]/);
    expect(notice.html).not.toContain('<script>');
    expect(notice.html).toContain('&#60;script&#62;');
  });
});

describe('the words of automatic incidents', () => {
  it('names one or several monitors in English and Persian', () => {
    expect(listOfNames('en', ['A', 'B', 'C'])).toBe('A, B and C');
    expect(listOfNames('fa', ['A', 'B', 'C'])).toBe('A، B و C');
    expect(autoTitle('en', ['Shop'])).toBe('Shop is down');
    expect(autoTitle('en', ['Shop', 'API'])).toBe('Shop and API are down');
    expect(autoTitle('fa', ['Shop'])).toBe('Shop در دسترس نیست');
    expect(autoResolvedBody('en', ['Shop'])).toBe('Shop is operational again.');
    expect(autoResolvedBody('fa', ['Shop'])).toBe('Shop دوباره در دسترس است.');
    expect(autoOpenedBody('en', ['Shop', 'API'])).toBe(
      'Shop and API are not responding to our checks. We are investigating.',
    );
  });

  it('escapes Markdown in names within bodies', () => {
    expect(autoResolvedBody('en', ['[x](javascript:y)'])).toBe('\\[x\\]\\(javascript:y\\) is operational again.');
  });
});

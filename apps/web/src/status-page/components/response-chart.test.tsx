// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LocaleProvider, localeOf } from '../locale';
import { buildDays } from '../testing/page-builders';
import { ResponseChart, responsePath } from './response-chart';

afterEach(cleanup);

describe('the response-time line', () => {
  it('runs through the days with an average and breaks where one has none', () => {
    expect(responsePath([100, 200, null, 100], 30, 40)).toBe('M0.0 20.0L10.0 2.0M30.0 20.0');
    expect(responsePath([null, null])).toBe('');
  });

  it('is an inline SVG with the mean, in the page’s digits', () => {
    const days = buildDays(3, '2026-11-26', (index) => ({ average_response_time: [100, null, 200][index] ?? null }));
    render(
      <LocaleProvider locale={localeOf('fa')}>
        <ResponseChart days={days} />
      </LocaleProvider>,
    );
    expect(screen.getByRole('img').tagName.toLowerCase()).toBe('svg');
    expect(screen.getByText('میانگین ۱۵۰ میلی‌ثانیه')).toBeTruthy();
  });

  it('says so when there is no response time yet', () => {
    render(
      <LocaleProvider locale={localeOf('en')}>
        <ResponseChart days={buildDays(3)} />
      </LocaleProvider>,
    );
    expect(screen.getByText('No response times yet')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

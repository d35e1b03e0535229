// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LocaleProvider, localeOf } from '../locale';
import { buildDays } from '../testing/page-builders';
import { DayBars } from './day-bars';

afterEach(cleanup);

const days = buildDays(5, '2026-11-26', (index) =>
  index === 3 ? { uptime_percent: 97.5, downtime_seconds: 2_160 } : index === 0 ? { uptime_percent: null } : {},
);

function renderBars(language: 'en' | 'fa' = 'en') {
  render(
    <LocaleProvider locale={localeOf(language)}>
      <div dir={language === 'fa' ? 'rtl' : 'ltr'}>
        <DayBars days={days} name="Website" />
      </div>
    </LocaleProvider>,
  );
  return screen.getAllByRole('button');
}

describe('the daily bars', () => {
  it('draw one bar per day, coloured by uptime, grey without data', () => {
    const bars = renderBars();
    expect(bars).toHaveLength(5);
    expect(bars[0]?.className).toContain('sp-level-none');
    expect(bars[3]?.className).toContain('sp-level-partial');
    expect(bars[4]?.className).toContain('sp-level-full');
    expect(screen.getByRole('toolbar', { name: 'Daily uptime of Website' })).toBeTruthy();
  });

  it('show the day on hover and hide it when the pointer leaves', () => {
    const bars = renderBars();
    fireEvent.mouseEnter(bars[3] as HTMLElement);
    expect(screen.getByRole('tooltip').textContent).toBe('Nov 25th, 202697.5% uptimeDown for 36 min');
    fireEvent.mouseLeave(bars[3]?.closest('.sp-bars-wrap') as HTMLElement);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('show the day on keyboard focus, one tab stop, arrows moving between days', () => {
    const bars = renderBars();
    expect(bars.map((bar) => bar.tabIndex)).toStrictEqual([-1, -1, -1, -1, 0]);
    act(() => (bars[4] as HTMLElement).focus());
    expect(screen.getByRole('tooltip').textContent).toContain('Nov 26th, 2026');
    fireEvent.keyDown(bars[4] as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(bars[3]);
    expect(screen.getByRole('tooltip').textContent).toContain('Nov 25th, 2026');
    fireEvent.keyDown(bars[3] as HTMLElement, { key: 'Home' });
    expect(screen.getByRole('tooltip').textContent).toBe('Nov 22nd, 2026No data');
  });

  it('mirror the arrows right-to-left', () => {
    const bars = renderBars('fa');
    act(() => (bars[4] as HTMLElement).focus());
    // Right-to-left the newest day is the leftmost: ArrowRight goes back in time.
    fireEvent.keyDown(bars[4] as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(bars[3]);
    expect(screen.getByRole('tooltip').textContent).toContain('۴ آذر ۱۴۰۵');
  });

  it('show the day on a tap, and a second tap does not hide it', () => {
    const bars = renderBars();
    fireEvent.click(bars[1] as HTMLElement);
    expect(screen.getByRole('tooltip').textContent).toContain('Nov 23rd, 2026');
    fireEvent.click(bars[1] as HTMLElement);
    expect(screen.getByRole('tooltip')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { CalendarMonthPicker } from './calendar-month-picker';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

function renderPicker(props: Partial<Parameters<typeof CalendarMonthPicker>[0]> = {}) {
  const onChange = vi.fn();
  renderWithProviders(
    <CalendarMonthPicker
      calendar="jalali"
      value={day('2026-11-26')}
      onChange={onChange}
      minDay={day('2026-10-01')}
      maxDay={day('2026-11-26')}
      aria-label="Calendar"
      {...props}
    />,
  );
  return { onChange, calendar: screen.getByRole('group', { name: 'Calendar' }) };
}

describe('CalendarMonthPicker', () => {
  it('shows the Jalali month of the picked day, weeks from Saturday, the day pressed', () => {
    const { calendar } = renderPicker();
    expect(within(calendar).getByText('Azar 1405')).toBeTruthy();
    // 26 Nov 2026 is 5 Azar 1405.
    const picked = within(calendar).getByRole('button', { name: 'Azar 5th, 1405' });
    expect(picked.getAttribute('aria-pressed')).toBe('true');
    expect(picked.textContent).toBe('5');
    expect(within(calendar).getAllByRole('button', { name: /, 1405$/ })).toHaveLength(30);
  });

  it('gives the UTC day of a Jalali day picked', () => {
    const { calendar, onChange } = renderPicker();
    fireEvent.click(within(calendar).getByRole('button', { name: 'Azar 1st, 1405' }));
    expect(onChange).toHaveBeenCalledWith(day('2026-11-22'));
  });

  it('does not offer days after the last one or months past the first', () => {
    const { calendar, onChange } = renderPicker();
    const tomorrow = within(calendar).getByRole('button', { name: 'Azar 6th, 1405' });
    expect(tomorrow).toHaveProperty('disabled', true);
    fireEvent.click(tomorrow);
    expect(onChange).not.toHaveBeenCalled();
    expect(within(calendar).getByRole('button', { name: 'Next month' })).toHaveProperty('disabled', true);
    fireEvent.click(within(calendar).getByRole('button', { name: 'Previous month' }));
    expect(within(calendar).getByText('Aban 1405')).toBeTruthy();
    fireEvent.click(within(calendar).getByRole('button', { name: 'Previous month' }));
    // Mehr 1405 holds 1 Oct 2026, the first day: no month before it.
    expect(within(calendar).getByText('Mehr 1405')).toBeTruthy();
    expect(within(calendar).getByRole('button', { name: 'Previous month' })).toHaveProperty('disabled', true);
    // 8 Mehr is 30 Sep 2026, before the first day.
    expect(within(calendar).getByRole('button', { name: 'Mehr 8th, 1405' })).toHaveProperty('disabled', true);
    expect(within(calendar).getByRole('button', { name: 'Mehr 9th, 1405' })).toHaveProperty('disabled', false);
  });

  it('draws Gregorian months too', () => {
    const { calendar } = renderPicker({ calendar: 'gregorian' });
    expect(within(calendar).getByText('Nov 2026')).toBeTruthy();
    expect(within(calendar).getByRole('button', { name: 'Nov 26th, 2026' }).getAttribute('aria-pressed')).toBe('true');
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { buildProfile, renderWithProviders } from '@/testing/test-utils';
import { HeatMapCalendar } from './heat-map-calendar';

vi.mock('@mantine/hooks', async (original) => ({
  ...(await original<typeof import('@mantine/hooks')>()),
  // jsdom lays nothing out: a card wide enough for three months.
  useElementSize: () => ({ ref: () => undefined, width: 700, height: 0 }),
}));

afterEach(() => queryClient.clear());

const date = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
// 5 March 2024, 21:00 UTC: already 6 March (16 Esfand 1402) in Tehran.
const now = Date.parse('2024-03-05T21:00:00Z');
const monthly = { '2024-03-04': { downtime_minutes: 20, apdex_percent: 80 } };

function renderIn(calendar: 'jalali' | 'gregorian') {
  queryClient.setQueryData(profileQueryKey, buildProfile({ time_zone: 'Asia/Tehran', calendar }));
  const onPickDay = vi.fn();
  renderWithProviders(
    <HeatMapCalendar monthlyMetrics={monthly} now={now} minDay={date('2024-01-01')} onPickDay={onPickDay} />,
  );
  return { onPickDay, map: within(screen.getByTestId('chart-heat-map')) };
}

describe('HeatMapCalendar', () => {
  it("draws the reader's Jalali months, Saturday first, up to their today", () => {
    const { map } = renderIn('jalali');
    expect(screen.getAllByTestId('heat-map-month').map((month) => month.querySelector('p')?.textContent)).toEqual([
      'Dey 1402',
      'Bahman 1402',
      'Esfand 1402',
    ]);
    expect(map.getByRole('button', { name: 'Esfand 14th, 1402: Downtime 20 min, Apdex 80%' })).toBeTruthy();
    // Today in Tehran is 16 Esfand; the 17th has not come.
    expect(map.getByRole('button', { name: 'Esfand 16th, 1402: No data' })).toBeTruthy();
    expect(map.queryByRole('button', { name: /Esfand 17th, 1402/ })).toBeNull();
    const weekdays = screen.getAllByTestId('heat-map-month')[2]?.querySelectorAll('[aria-hidden="true"]');
    expect(weekdays?.[0]?.textContent).toBe('S');
  });

  it('loads a day when its square is clicked, by its date', () => {
    const { onPickDay, map } = renderIn('gregorian');
    fireEvent.click(map.getByRole('button', { name: 'Mar 4th, 2024: Downtime 20 min, Apdex 80%' }));
    expect(onPickDay).toHaveBeenCalledWith(date('2024-03-04'));
    // Before the monitor's first day: not a button.
    expect(map.queryByRole('button', { name: /Dec 31st, 2023/ })).toBeNull();
    expect(map.getByRole('button', { name: 'Mar 6th, 2024: No data' })).toBeTruthy();
  });
});

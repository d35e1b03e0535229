// @vitest-environment jsdom
import type { Calendar } from '@paydar/contracts/calendars';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { buildMetric } from '@/testing/monitor-builders';
import { buildProfile, renderWithProviders } from '@/testing/test-utils';
import { DayTimeline } from './day-timeline';

/** The detail's day bar (issue 15): the reader's day, in their calendar, labelled up to now and no further. */
function renderTimeline(day: 'today' | number, calendar: Calendar = 'gregorian') {
  queryClient.setQueryData(profileQueryKey, buildProfile({ time_zone: 'Asia/Tehran', calendar }));
  // Now: 2 January 2025, 13:30 in Tehran.
  const metric = buildMetric({ first_check_at: '2024-12-01T00:00:00.000Z', fetch_time: '2025-01-02T10:00:00.000Z' });
  renderWithProviders(<DayTimeline metric={metric} day={day} />);
}

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('DayTimeline labels', () => {
  it('runs today from local midnight to now, never to a time still to come', () => {
    renderTimeline('today');
    expect(screen.getByText('Jan 2nd, 00:00')).toBeTruthy();
    expect(screen.getByText('Now, 13:30')).toBeTruthy();
    expect(screen.queryByText(/Jan 3rd/)).toBeNull();
  });

  it('writes them in the Jalali calendar for a Jalali reader', () => {
    renderTimeline('today', 'jalali');
    expect(screen.getByText('Dey 13th, 00:00')).toBeTruthy();
    expect(screen.getByText('Now, 13:30')).toBeTruthy();
  });

  it('runs a past day, a UTC day, from 00:00 to its end', () => {
    renderTimeline(Date.UTC(2024, 11, 30));
    expect(screen.getByText('Dec 30th, 00:00')).toBeTruthy();
    expect(screen.getByText('Dec 31st, 00:00')).toBeTruthy();
  });
});

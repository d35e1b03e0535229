// @vitest-environment jsdom
import type { Calendar } from '@paydar/contracts/calendars';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { buildMetric } from '@/testing/monitor-builders';
import { buildProfile, renderWithProviders } from '@/testing/test-utils';
import { UptimeStrip } from './uptime-strip';

/** The strip spans the reader's own day in the profile's zone (issue 15), and nothing after now. */
function renderStrip(timeZone: string, metric: Parameters<typeof buildMetric>[0], calendar: Calendar = 'gregorian') {
  queryClient.setQueryData(profileQueryKey, buildProfile({ time_zone: timeZone, calendar }));
  const view = renderWithProviders(<UptimeStrip metric={buildMetric(metric)} />);
  return view.getByTestId('uptime-strip');
}

const percent = (element: Element | null, side: 'left' | 'width') =>
  Number.parseFloat((element as HTMLElement | null)?.style[side] ?? 'NaN');

/** Now: 13:30 in Tehran on 2 January; an hour down on the evening of 1 January UTC (past midnight in Tehran). */
const eveningOutage = {
  first_check_at: '2025-01-01T20:00:00.000Z',
  fetch_time: '2025-01-02T10:00:00.000Z',
  downtimes: [
    {
      from_time: '2025-01-01T21:00:00.000Z',
      to_time: '2025-01-01T22:00:00.000Z',
      duration: 3600,
      ended_by: 'recovery' as const,
      reason: null,
    },
  ],
};

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('UptimeStrip: the local day', () => {
  it('begins at midnight in Tehran (20:30 UTC the day before), so an outage before UTC midnight is drawn', () => {
    // Now: 13:30 in Tehran on 2 January; the local day began 1 January 20:30 UTC.
    const strip = renderStrip('Asia/Tehran', eveningOutage);
    const down = strip.querySelector('[data-status="down"]');
    expect(percent(down, 'left')).toBeCloseTo((30 / (24 * 60)) * 100, 6);
    expect(percent(down, 'width')).toBeCloseTo((60 / (24 * 60)) * 100, 6);
  });

  it('is 23 hours long on the day Berlin moves its clocks forward', () => {
    // 29 March 2026 in Berlin: 23:00 UTC the day before to 22:00 UTC, 23 hours.
    const strip = renderStrip('Europe/Berlin', {
      first_check_at: '2026-03-28T00:00:00.000Z',
      fetch_time: '2026-03-29T20:00:00.000Z',
      downtimes: [
        {
          from_time: '2026-03-29T10:00:00.000Z',
          to_time: '2026-03-29T11:00:00.000Z',
          duration: 3600,
          ended_by: 'recovery',
          reason: null,
        },
      ],
    });
    const down = strip.querySelector('[data-status="down"]');
    expect(percent(down, 'left')).toBeCloseTo((11 / 23) * 100, 6);
    expect(percent(down, 'width')).toBeCloseTo((1 / 23) * 100, 6);
  });

  it('draws nothing after now: the last coloured segment ends at the fixed now', () => {
    // Now: 06:00 in Tehran, a quarter of the local day.
    const strip = renderStrip('Asia/Tehran', {
      first_check_at: '2025-01-01T00:00:00.000Z',
      fetch_time: '2025-01-02T02:30:00.000Z',
      downtimes: [],
    });
    const coloured = [...strip.querySelectorAll('[data-status]')];
    expect(coloured.length).toBeGreaterThan(0);
    const ends = coloured.map((segment) => percent(segment, 'left') + percent(segment, 'width'));
    expect(Math.max(...ends)).toBeCloseTo(25, 6);
  });

  it('differs from the UTC day: the same answer in UTC leaves the outage of the evening before out', () => {
    const strip = renderStrip('UTC', eveningOutage);
    expect(strip.querySelector('[data-status="down"]')).toBeNull();
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { browserTimeSettings, formatTime } from '@/lib/date-time';
import { renderWithProviders } from '@/testing/test-utils';
import { NOW, setUpDetailTests, todayMetric } from './monitor-detail.test-support';
import { DOWNTIMES_PAGE_SIZE } from './span-table';
import { UptimeSection } from './uptime-section';

setUpDetailTests();

describe('downtimes table (spec §2, §9)', () => {
  const rows = Array.from({ length: 12 }, (_, index) => ({
    from_time: new Date(NOW - (index + 1) * 3_600_000).toISOString(),
    to_time: index === 0 ? null : new Date(NOW - (index + 1) * 3_600_000 + 120_000).toISOString(),
    duration: 120,
    ended_by: index === 0 ? null : ('recovery' as const),
    reason: null,
  }));

  it('shows 10 rows, then all with Show more, and 10 again with Show less', () => {
    renderWithProviders(<UptimeSection metric={{ ...todayMetric, downtimes: rows }} day="today" />);
    const table = screen.getByRole('table', { name: 'Downtimes' });
    expect(within(table).getAllByRole('row')).toHaveLength(DOWNTIMES_PAGE_SIZE + 1);
    expect(within(table).getByText('Now')).toBeTruthy();
    expect(within(table).getAllByText('2 min')).toHaveLength(DOWNTIMES_PAGE_SIZE);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(within(table).getAllByRole('row')).toHaveLength(rows.length + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(within(table).getAllByRole('row')).toHaveLength(DOWNTIMES_PAGE_SIZE + 1);
  });

  it('draws a downtime under 300 s as a small mark on the timeline', () => {
    const marks = [
      {
        from_time: '2024-03-20T01:00:00Z',
        to_time: '2024-03-20T01:04:59Z',
        duration: 299,
        ended_by: 'recovery' as const,
        reason: null,
      },
      {
        from_time: '2024-03-20T03:00:00Z',
        to_time: '2024-03-20T03:05:00Z',
        duration: 300,
        ended_by: 'recovery' as const,
        reason: null,
      },
    ];
    renderWithProviders(<UptimeSection metric={{ ...todayMetric, downtimes: marks }} day="today" />);
    const timeline = screen.getByRole('img', { name: 'Timeline of the day: 2 downtimes' });
    expect(timeline.querySelectorAll('[data-small]')).toHaveLength(1);
  });

  it('has no toggle with 10 rows or fewer', () => {
    renderWithProviders(<UptimeSection metric={{ ...todayMetric, downtimes: rows.slice(0, 10) }} day="today" />);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('shows a paused span as a grey band labelled Paused, in its own list, and the downtime it ended', () => {
    const metric = {
      ...todayMetric,
      downtimes: [
        {
          from_time: '2024-03-20T10:00:00Z',
          to_time: '2024-03-20T10:12:00Z',
          duration: 720,
          ended_by: 'pause' as const,
          reason: null,
        },
      ],
      paused: [{ from_time: '2024-03-20T10:12:00Z', to_time: null, duration: 6480 }],
    };
    renderWithProviders(<UptimeSection metric={metric} day="today" />);
    const timeline = screen.getByRole('img', { name: 'Timeline of the day: 1 downtime, paused 1 time' });
    const band = timeline.querySelector('[data-status="paused"]');
    expect(band?.textContent).toBe('Paused');
    const downtimes = screen.getByRole('table', { name: 'Downtimes' });
    expect(
      within(downtimes).getByText(`${formatTime('2024-03-20T10:12:00Z', browserTimeSettings())} (paused)`),
    ).toBeTruthy();
    const paused = screen.getByRole('table', { name: 'Paused' });
    expect(within(paused).getAllByRole('row')).toHaveLength(2);
    expect(within(paused).getByText('Now')).toBeTruthy();
    expect(screen.getByText('Paused (1)')).toBeTruthy();
  });
});

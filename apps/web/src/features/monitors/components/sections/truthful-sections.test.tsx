// @vitest-environment jsdom
import type { MetricTrends } from '@paydar/contracts/metric-trends';
import type { Metric } from '@paydar/contracts/metrics';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChartProps } from '@/components/chart/chart';
import { renderWithProviders, withProviders } from '@/testing/test-utils';
import { HourlyApdexChart } from './hourly-apdex-chart';
import { PercentileChart } from './percentile-chart';
import { PhaseTimingsChart } from './phase-timings-chart';
import { ResponseTimeSection } from './response-time-section';
import { UptimeWindows } from './uptime-windows';

// The ECharts canvas does not draw in jsdom: a chart stands as its labelled box.
vi.mock('@/components/chart/chart', () => ({
  Chart: (props: ChartProps) => <div role="img" aria-label={props.ariaLabel} data-testid={props.testId} />,
}));

const HOUR = 3_600_000;
const dayStart = Date.UTC(2024, 2, 5);
const day = { from: dayStart, to: dayStart + 24 * HOUR };
const failedOnly: Metric['by_response_time'] = {
  buckets: [0, 0, 0, 0, 0, 0, 0, 0],
  error: 40,
  average_response_time: null,
  under100000: 0,
};
const series = (probers: MetricTrends['response_time']['day']['probers'], hours = 24) => ({
  from: new Date(dayStart).toISOString(),
  hours,
  probers,
});
const trends: MetricTrends = {
  fetch_time: new Date(dayStart + 12 * HOUR).toISOString(),
  uptime: [
    { days: 7, uptime_percent: 100, within_history: true },
    { days: 30, uptime_percent: 99.8612, within_history: true },
    { days: 90, uptime_percent: null, within_history: false },
  ],
  response_time: {
    day: series([{ id: 1, name: 'Tehran', country_code: 'ir', p50: [80, null], p95: [120, null] }]),
    week: series([], 168),
  },
  paused: [],
  maintenance: [],
};

describe('the charts say why they are empty', () => {
  it('the response-time histogram of a down day says so, and tells paused time under it', () => {
    renderWithProviders(
      <ResponseTimeSection
        byResponseTime={failedOnly}
        apdexSeconds={0.5}
        emptyReason="No successful check today"
        spans={{ paused: [{ from: dayStart + HOUR, to: dayStart + 3 * HOUR + 10 * 60_000 }], maintenance: [] }}
        day={day}
      />,
    );
    expect(screen.getByTestId('empty-chart').textContent).toBe('No successful check today');
    expect(screen.queryByTestId('chart-response-time')).toBeNull();
    expect(screen.getByTestId('span-note').textContent).toBe('Paused 2 h 10 min: no checks counted');
    expect(screen.getByTestId('figure-failed-checks').textContent).toBe('40');
  });

  it('tells maintenance time as time whose checks are shown, not as time without checks', () => {
    renderWithProviders(
      <ResponseTimeSection
        byResponseTime={failedOnly}
        apdexSeconds={0.5}
        spans={{ paused: [], maintenance: [{ from: dayStart + HOUR, to: dayStart + HOUR + 45 * 60_000 }] }}
        day={day}
      />,
    );
    expect(screen.getByTestId('span-note').textContent).toBe(
      'In maintenance 45 min: its checks are shown, the time counts neither up nor down',
    );
  });

  it('the phase chart gives the reason instead of empty bars', () => {
    const prober = {
      id: 1,
      name: 'Tehran',
      country_code: 'IR',
      connect: null,
      tls: null,
      response: null,
      resolve: null,
      duration: null,
      failed: 40,
    };
    renderWithProviders(<PhaseTimingsChart probers={[prober]} emptyReason="Paused" />);
    expect(screen.getByTestId('empty-chart').textContent).toBe('Paused');
  });

  it('the apdex chart gives the reason only when no hour has data, and always names its legend', () => {
    const { rerender } = renderWithProviders(
      <HourlyApdexChart apdexPercents={new Array(24).fill(null)} endsAt={day.to} emptyReason="In maintenance" />,
    );
    expect(screen.getByTestId('empty-chart').textContent).toBe('In maintenance');
    rerender(
      withProviders(
        <HourlyApdexChart
          apdexPercents={[0, ...new Array(23).fill(null)]}
          endsAt={day.to}
          emptyReason="In maintenance"
          spans={{ paused: [], maintenance: [{ from: day.from + 4 * HOUR, to: day.from + 6 * HOUR }] }}
        />,
      ),
    );
    expect(screen.queryByTestId('empty-chart')).toBeNull();
    const legend = within(screen.getByTestId('section-hourly-apdex'));
    expect(legend.getByText('No data')).toBeTruthy();
    expect(legend.getByText('In maintenance')).toBeTruthy();
  });
});

describe('UptimeWindows', () => {
  it('shows 7, 30 and 90 days, a window past the plan as such', () => {
    renderWithProviders(<UptimeWindows trends={trends} loading={false} />);
    expect(screen.getByTestId('uptime-7-days').textContent).toBe('100%');
    expect(screen.getByTestId('uptime-30-days').textContent).toBe('99.86%');
    expect(screen.getByTestId('uptime-90-days').textContent).toBe('Beyond plan');
  });
});

describe('PercentileChart', () => {
  it('tells loading from a failure', () => {
    const spans = { paused: [], maintenance: [] };
    const { rerender } = renderWithProviders(
      <PercentileChart trends={undefined} loading daySpans={spans} emptyReason={null} />,
    );
    expect(screen.getByTestId('empty-chart').textContent).toBe('Loading…');
    rerender(withProviders(<PercentileChart trends={undefined} daySpans={spans} emptyReason={null} />));
    expect(screen.getByTestId('empty-chart').textContent).toBe('The response-time series could not be loaded.');
  });

  it('draws the day, and says why the week is empty when it is', () => {
    renderWithProviders(
      <PercentileChart trends={trends} daySpans={{ paused: [], maintenance: [] }} emptyReason={null} />,
    );
    expect(screen.getByRole('img', { name: /the day$/ })).toBeTruthy();
    fireEvent.click(screen.getByText('7 days'));
    expect(screen.getByTestId('empty-chart').textContent).toBe('No successful check in this range');
  });

  it('gives the day’s reason for a day without successful checks', () => {
    const down = { ...trends, response_time: { day: series([]), week: series([], 168) } };
    renderWithProviders(
      <PercentileChart
        trends={down}
        daySpans={{ paused: [], maintenance: [] }}
        emptyReason="No successful check today"
      />,
    );
    expect(screen.getByTestId('empty-chart').textContent).toBe('No successful check today');
  });
});

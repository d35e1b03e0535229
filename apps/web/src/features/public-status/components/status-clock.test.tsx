// @vitest-environment jsdom
import type { RawProbeRecord } from '@paydar/contracts/metrics';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChartProps } from '@/components/chart/chart';
import { STATUS_COLOURS } from '@/components/chart/palette';
import { renderWithProviders } from '@/testing/test-utils';
import { StatusClock } from './status-clock';

// The ECharts canvas does not draw in jsdom: the test reads the option the clock hands it.
const drawn: Array<ChartProps['option']> = [];
vi.mock('@/components/chart/chart', () => ({
  Chart: (props: ChartProps) => {
    drawn.push(props.option);
    return null;
  },
}));

const day = Date.UTC(2024, 2, 3);
const HOUR = 3_600_000;
const at = (ms: number) => new Date(day + ms).toISOString();
const record = (ms: number): RawProbeRecord => ({
  time: at(ms),
  time_inserted: at(ms),
  probe_success: 1,
  probe_duration_seconds: 0.1,
  prober_id: 1,
  extra_info: {},
});

type Arc = { name: string; value: number; itemStyle: { color: string } };
const arcsOf = (option: ChartProps['option'] | undefined) =>
  (option as { series: Array<{ data: Arc[] }> }).series[0]?.data ?? [];

describe('StatusClock', () => {
  it('draws the paused span as a grey "Paused" arc, like the owner’s detail, and leaves it out of the uptime', () => {
    const records = Array.from({ length: 24 }, (_, hour) => record(hour * HOUR));
    renderWithProviders(
      <StatusClock
        day={{ start: day, end: day + 24 * HOUR }}
        records={records}
        paused={[{ from_time: at(6 * HOUR), to_time: at(12 * HOUR), duration: 6 * 3600 }]}
        periodSeconds={3600}
        now={day + 3 * 24 * HOUR}
      />,
    );
    expect(arcsOf(drawn.at(-1))).toEqual([
      { name: 'Up', value: 6, itemStyle: { color: STATUS_COLOURS.up } },
      { name: 'Paused', value: 6, itemStyle: { color: STATUS_COLOURS.paused } },
      { name: 'Up', value: 12, itemStyle: { color: STATUS_COLOURS.up } },
    ]);
    // The legend names it, as the detail's band does.
    expect(screen.getByText('Paused')).toBeTruthy();
    // All the checked time was up: the paused quarter of the day is neither up nor down.
    expect(screen.getByTestId('clock-uptime').textContent).toBe('100%');
  });

  it('draws no paused arc without a pause', () => {
    renderWithProviders(
      <StatusClock
        day={{ start: day, end: day + 24 * HOUR }}
        records={[record(0)]}
        periodSeconds={3600}
        now={day + HOUR}
      />,
    );
    expect(arcsOf(drawn.at(-1)).some((arc) => arc.name === 'Paused')).toBe(false);
  });
});

import { Box, Skeleton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { Metric } from '@paydar/contracts/metrics';
import { heatMapMonths } from '@paydar/domain/heat-map';
import { useMemo, useState } from 'react';
import { Chart, type ChartClickEvent } from '@/components/chart/chart';
import { ChartLegend } from '@/components/chart/chart-legend';
import { HEAT_MAP_COLOURS, NO_DATA_COLOUR } from '@/components/chart/palette';
import { calendarMonths, cellSize, heatMapCells, heatMapHeight, heatMapOption, pickableDay } from './heat-map-data';
import { SectionCard } from './section-card';

export type HeatMapCalendarProps = {
  monthlyMetrics: Metric['monthly_metrics'];
  /** Epoch ms of now: the calendar ends with this month. */
  now: number;
  /** Epoch ms of the first day that may be picked (spec §2: 5 Nov 2018 or the monitor's creation). */
  minDay: number;
  /** The UTC day clicked, as epoch ms of its start. */
  onPickDay: (dayStart: number) => void;
};

const legend = [
  { label: 'No downtime', colour: HEAT_MAP_COLOURS.green },
  { label: 'Under 15 min', colour: HEAT_MAP_COLOURS.yellow },
  { label: '15 min or more', colour: HEAT_MAP_COLOURS.red },
  { label: 'No data', colour: NO_DATA_COLOUR },
];

/**
 * Monthly heat-map calendar: as many months (up to 6) as fit the card's width, each day coloured by
 * its downtime (spec §9); clicking a day from `minDay` to today loads it.
 */
export function HeatMapCalendar({ monthlyMetrics, now, minDay, onPickDay }: HeatMapCalendarProps) {
  const { ref, width: measured } = useElementSize();
  // The observer can report 0 while the page is re-laid out (a resize, a full-page capture): the
  // calendar keeps its last real width rather than falling back to the skeleton.
  const [width, setWidth] = useState(0);
  if (measured > 0 && measured !== width) setWidth(measured);
  const months = heatMapMonths(width);
  const option = useMemo(() => {
    if (width <= 0) return null;
    return heatMapOption({
      cells: heatMapCells(monthlyMetrics, now, months, minDay),
      months: calendarMonths(now, months),
      widthPx: width,
    });
  }, [monthlyMetrics, now, months, minDay, width]);
  const height = heatMapHeight(cellSize(width || 320, months));

  const onClick = (event: ChartClickEvent) => {
    const key = Array.isArray(event.value) ? event.value[0] : undefined;
    if (typeof key !== 'string') return;
    const day = pickableDay(key, now, minDay);
    if (day !== null) onPickDay(day);
  };

  return (
    <SectionCard title="Monthly downtime" testId="section-heat-map" aside={<ChartLegend items={legend} />}>
      <Box ref={ref} data-months={months}>
        {option ? (
          <Chart
            option={option}
            height={height}
            onClick={onClick}
            ariaLabel={`Downtime per day over the last ${months} months; pick a day to see it`}
            testId="chart-heat-map"
          />
        ) : (
          <Skeleton height={height} radius="sm" />
        )}
      </Box>
    </SectionCard>
  );
}

import { Box, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { Calendar } from '@paydar/contracts/calendars';
import type { Metric } from '@paydar/contracts/metrics';
import { type CalendarMonth, weekdayNames } from '@paydar/domain/calendar-month';
import { heatMapMonths } from '@paydar/domain/heat-map';
import { readerDays } from '@paydar/domain/local-day';
import { useMemo, useState } from 'react';
import { ChartLegend } from '@/components/chart/chart-legend';
import { HEAT_MAP_COLOURS, NO_DATA_COLOUR } from '@/components/chart/palette';
import { useTimeSettings } from '@/lib/time-settings';
import {
  cellSize,
  type DayCell,
  dayText,
  heatMapDay,
  heatMapMonthGrids,
  KIND_COLOURS,
  OUTSIDE_COLOUR,
  pickableRange,
} from './heat-map-data';
import { SectionCard } from './section-card';

export type HeatMapCalendarProps = {
  monthlyMetrics: Metric['monthly_metrics'];
  /** Epoch ms of now: the calendar ends with the month of today in the reader's zone (issue 15). */
  now: number;
  /** The first date that may be picked (spec §2: 5 Nov 2018 or the monitor's creation), named by its 00:00 UTC. */
  minDay: number;
  /** The date clicked, named by its 00:00 UTC. */
  onPickDay: (date: number) => void;
};

const legend = [
  { label: 'No downtime', colour: HEAT_MAP_COLOURS.green },
  { label: 'Under 15 min', colour: HEAT_MAP_COLOURS.yellow },
  { label: '15 min or more', colour: HEAT_MAP_COLOURS.red },
  { label: 'No data', colour: NO_DATA_COLOUR },
];

/**
 * Monthly heat-map calendar: as many months (up to 6) as fit the card's width, in the reader's
 * calendar (Jalali months and Saturday-first weeks for a Jalali profile), each day coloured by its
 * downtime (spec §9); a day from `minDay` to today is a button that loads it.
 */
export function HeatMapCalendar({ monthlyMetrics, now, minDay, onPickDay }: HeatMapCalendarProps) {
  const { timeZone, calendar } = useTimeSettings();
  const today = readerDays(timeZone).dateOf(now);
  const { ref, width: measured } = useElementSize();
  // The observer can report 0 while the page is re-laid out (a resize, a full-page capture): the
  // calendar keeps its last real width rather than falling back to the skeleton.
  const [width, setWidth] = useState(0);
  if (measured > 0 && measured !== width) setWidth(measured);
  const count = heatMapMonths(width);
  const months = useMemo(() => heatMapMonthGrids(today, count, calendar), [today, count, calendar]);
  const range = pickableRange(today, minDay);
  const cell = cellSize(width || 320, count);

  return (
    <SectionCard title="Monthly downtime" testId="section-heat-map" aside={<ChartLegend items={legend} />}>
      <Box ref={ref} data-months={count}>
        {width > 0 ? (
          <Group
            justify="space-around"
            align="flex-start"
            wrap="nowrap"
            gap={0}
            role="group"
            aria-label={`Downtime per day over the last ${count} months; pick a day to see it`}
            data-testid="chart-heat-map"
            data-rendered="true"
          >
            {months.map((month) => (
              <MonthGrid
                key={month.days[0]}
                month={month}
                calendar={calendar}
                cell={cell}
                cellOf={(date) => heatMapDay(monthlyMetrics, date, range)}
                onPickDay={onPickDay}
              />
            ))}
          </Group>
        ) : (
          <Skeleton height={46 + 7 * cell} radius="sm" />
        )}
      </Box>
    </SectionCard>
  );
}

type MonthGridProps = {
  month: CalendarMonth;
  calendar: Calendar;
  cell: number;
  cellOf: (date: number) => DayCell;
  onPickDay: (date: number) => void;
};

const GAP_PX = 2;

function MonthGrid({ month, calendar, cell, cellOf, onPickDay }: MonthGridProps) {
  const columns = `repeat(7, ${cell}px)`;
  return (
    <Stack gap={6} align="center" data-testid="heat-map-month">
      <Text size="sm" fw={600}>
        {month.title}
      </Text>
      <Box style={{ display: 'grid', gridTemplateColumns: columns, gap: GAP_PX }}>
        {weekdayNames(calendar).map((name) => (
          <Text key={name} size="10px" c="dimmed" ta="center" aria-hidden>
            {name.slice(0, 1)}
          </Text>
        ))}
        {month.leadingBlanks > 0 && <Box style={{ gridColumn: `span ${month.leadingBlanks}` }} />}
        {month.days.map((date) => (
          <DaySquare key={date} day={cellOf(date)} calendar={calendar} size={cell} onPickDay={onPickDay} />
        ))}
      </Box>
    </Stack>
  );
}

function DaySquare(props: { day: DayCell; calendar: Calendar; size: number; onPickDay: (date: number) => void }) {
  const { day, calendar, size, onPickDay } = props;
  const text = dayText(day, calendar);
  const style = { width: size, height: size, borderRadius: 3 };
  if (!day.pickable) return <Box style={{ ...style, background: OUTSIDE_COLOUR }} title={text} aria-hidden />;
  return (
    <UnstyledButton
      style={{ ...style, background: KIND_COLOURS[day.kind] }}
      title={text}
      aria-label={text}
      data-kind={day.kind}
      onClick={() => onPickDay(day.date)}
    />
  );
}

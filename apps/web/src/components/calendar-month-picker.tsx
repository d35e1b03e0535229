import { ActionIcon, Box, Group, Text, UnstyledButton } from '@mantine/core';
import type { Calendar } from '@paydar/contracts/calendars';
import { calendarMonth, weekdayNames } from '@paydar/domain/calendar-month';
import { formatInstant } from '@paydar/domain/local-time';
import { useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

export interface CalendarMonthPickerProps {
  calendar: Calendar;
  /** 00:00 UTC of the picked day. */
  value: number | null;
  onChange: (day: number) => void;
  /** 00:00 UTC of the first and last days that may be picked. */
  minDay: number;
  maxDay: number;
  'aria-label'?: string;
}

const CELL = 36;
const utc = (calendar: Calendar) => ({ timeZone: 'UTC', calendar });

/**
 * A month of days to pick one from, in the reader's calendar (issue 15): Jalali months and Iranian
 * weeks (from Saturday) where Mantine's picker knows only Gregorian ones. Days outside
 * [minDay, maxDay] cannot be picked, and the months past them cannot be reached.
 */
export function CalendarMonthPicker({
  calendar,
  value,
  onChange,
  minDay,
  maxDay,
  'aria-label': label,
}: CalendarMonthPickerProps) {
  const [shown, setShown] = useState(() => value ?? maxDay);
  const month = calendarMonth(shown, calendar);
  const first = month.days[0] as number;
  const last = month.days.at(-1) as number;
  return (
    <Box role="group" aria-label={label} w={CELL * 7}>
      <Group justify="space-between" mb={8} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Previous month"
          disabled={first <= minDay}
          onClick={() => setShown(month.previous)}
        >
          <ChevronLeftIcon size={16} />
        </ActionIcon>
        <Text fw={600} size="sm" aria-live="polite">
          {month.title}
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Next month"
          disabled={last >= maxDay}
          onClick={() => setShown(month.next)}
        >
          <ChevronRightIcon size={16} />
        </ActionIcon>
      </Group>
      <Box style={{ display: 'grid', gridTemplateColumns: `repeat(7, ${CELL}px)`, rowGap: 2 }}>
        {weekdayNames(calendar).map((name) => (
          <Text key={name} size="xs" c="dimmed" ta="center" aria-hidden="true" lh={`${CELL - 8}px`}>
            {name}
          </Text>
        ))}
        {month.leadingBlanks > 0 && <span style={{ gridColumn: `span ${month.leadingBlanks}` }} />}
        {month.days.map((day, index) => {
          const selected = day === value;
          const outside = day < minDay || day > maxDay;
          return (
            <UnstyledButton
              key={day}
              disabled={outside}
              aria-pressed={selected}
              aria-label={formatInstant(day, utc(calendar), 'day')}
              onClick={() => onChange(day)}
              style={{
                height: CELL,
                borderRadius: 'var(--mantine-radius-sm)',
                textAlign: 'center',
                fontSize: 'var(--mantine-font-size-sm)',
                background: selected ? 'var(--mantine-primary-color-filled)' : undefined,
                color: selected ? 'var(--mantine-color-white)' : outside ? 'var(--mantine-color-dimmed)' : undefined,
                opacity: outside ? 0.5 : 1,
                cursor: outside ? 'not-allowed' : 'pointer',
              }}
            >
              {index + 1}
            </UnstyledButton>
          );
        })}
      </Box>
    </Box>
  );
}

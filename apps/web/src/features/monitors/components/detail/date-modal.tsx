import '@mantine/dates/styles.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { formatDayKey } from '@paydar/domain/history';
import { useEffect, useState } from 'react';
import { CalendarMonthPicker } from '@/components/calendar-month-picker';
import { useTimeSettings } from '@/lib/time-settings';
import { HistoryWarning } from './history-warning';

type DateModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The date shown now (named by its 00:00 UTC, as every date here): the calendar opens on it. */
  shownDay: number;
  /** The first date offered: the later of 5 Nov 2018 and the monitor's creation date (spec §2). */
  minDay: number;
  /** Today in the reader's zone. */
  maxDay: number;
  /** The reader's zone: the days are its days (issue 15). */
  timeZone: string;
  /** Loads a day; false when the plan's history does not reach it. */
  onSetDay: (dayStart: number) => boolean;
  /** Named in the history warning. */
  planName: string | null;
};

const dayStartOf = (key: string) => Date.parse(`${key}T00:00:00Z`);

/**
 * The Date popup (spec §2): a calendar of the reader's days and 'Set Date'; a day beyond the plan's history
 * warns. The calendar is the reader's: Jalali months when their profile reads Jalali (issue 15).
 */
export function DateModal(props: DateModalProps) {
  const { opened, onClose, shownDay, minDay, maxDay, onSetDay, planName, timeZone } = props;
  const [picked, setPicked] = useState<string | null>(formatDayKey(shownDay));
  const [blocked, setBlocked] = useState(false);
  const { calendar } = useTimeSettings();
  const pick = (day: string | null) => {
    setPicked(day);
    setBlocked(false);
  };

  // Each opening starts on the day shown, without an old warning.
  useEffect(() => {
    if (!opened) return;
    setPicked(formatDayKey(shownDay));
    setBlocked(false);
  }, [opened, shownDay]);

  function setDate() {
    if (picked === null) return;
    if (onSetDay(dayStartOf(picked))) onClose();
    else setBlocked(true);
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Date" centered size="auto">
      <Stack gap="md" maw={320}>
        <Text size="sm" c="dimmed">
          Pick a day to see its figures. Days run from midnight to midnight in {timeZone}.
        </Text>
        <Group justify="center">
          {calendar === 'jalali' ? (
            <CalendarMonthPicker
              calendar={calendar}
              value={picked === null ? null : dayStartOf(picked)}
              onChange={(day) => pick(formatDayKey(day))}
              minDay={minDay}
              maxDay={maxDay}
              aria-label="Calendar"
            />
          ) : (
            <DatePicker
              value={picked}
              onChange={pick}
              minDate={formatDayKey(minDay)}
              maxDate={formatDayKey(maxDay)}
              defaultDate={formatDayKey(shownDay)}
              allowDeselect={false}
              ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month' }}
              aria-label="Calendar"
            />
          )}
        </Group>
        {blocked && <HistoryWarning planName={planName} />}
        <Button onClick={setDate} disabled={picked === null} fullWidth>
          Set Date
        </Button>
      </Stack>
    </Modal>
  );
}

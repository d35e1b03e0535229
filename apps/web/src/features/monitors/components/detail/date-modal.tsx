import '@mantine/dates/styles.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { formatDayKey } from '@paydar/domain/history';
import { useEffect, useState } from 'react';
import { HistoryWarning } from './history-warning';

type DateModalProps = {
  opened: boolean;
  onClose: () => void;
  /** 00:00 UTC of the day shown now: the calendar opens on it. */
  shownDay: number;
  /** The first day offered: the later of 5 Nov 2018 and the monitor's creation day (spec §2). */
  minDay: number;
  /** Today (UTC). */
  maxDay: number;
  /** Loads a day; false when the plan's history does not reach it. */
  onSetDay: (dayStart: number) => boolean;
  /** Named in the history warning. */
  planName: string | null;
};

const dayStartOf = (key: string) => Date.parse(`${key}T00:00:00Z`);

/** The Date popup (spec §2): a calendar of UTC days and 'Set Date'; a day beyond the plan's history warns. */
export function DateModal({ opened, onClose, shownDay, minDay, maxDay, onSetDay, planName }: DateModalProps) {
  const [picked, setPicked] = useState<string | null>(formatDayKey(shownDay));
  const [blocked, setBlocked] = useState(false);

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
          Pick a day to see its figures. Days are UTC days.
        </Text>
        <Group justify="center">
          <DatePicker
            value={picked}
            onChange={(value) => {
              setPicked(value);
              setBlocked(false);
            }}
            minDate={formatDayKey(minDay)}
            maxDate={formatDayKey(maxDay)}
            defaultDate={formatDayKey(shownDay)}
            allowDeselect={false}
            ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month' }}
            aria-label="Calendar"
          />
        </Group>
        {blocked && <HistoryWarning planName={planName} />}
        <Button onClick={setDate} disabled={picked === null} fullWidth>
          Set Date
        </Button>
      </Stack>
    </Modal>
  );
}

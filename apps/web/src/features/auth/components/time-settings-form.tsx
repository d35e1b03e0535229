import { Button, Group, Select, Stack, Text } from '@mantine/core';
import type { Profile } from '@paydar/contracts/accounts';
import { CALENDAR_LABELS, type Calendar, calendars } from '@paydar/contracts/calendars';
import { knownTimeZones } from '@paydar/contracts/time-zones';
import { useMemo, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date-time';
import { notify } from '@/lib/notify';
import { useUpdateTimeSettings } from '../api/update-time-settings';

const CALENDAR_OPTIONS = calendars.map((value) => ({ value, label: CALENDAR_LABELS[value] }));

type FieldErrors = { time_zone?: string; calendar?: string };

/** The profile's time zone and calendar: every date on screen and in alert messages follows them (issue 15). */
export function TimeSettingsForm({ me }: { me: Profile }) {
  const zones = useMemo(() => {
    const known = knownTimeZones();
    return known.includes(me.time_zone) ? known : [me.time_zone, ...known];
  }, [me.time_zone]);
  const [zone, setZone] = useState(me.time_zone);
  const [calendar, setCalendar] = useState<Calendar>(me.calendar);
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateTimeSettings({
    onSuccess: (saved) =>
      notify.success(`Dates are now shown in ${saved.time_zone}, ${CALENDAR_LABELS[saved.calendar]} calendar.`),
    onError: (failure) => {
      const fields = failure instanceof ApiError ? failure.fields : {};
      if (fields.time_zone || fields.calendar) {
        setErrors({ time_zone: fields.time_zone?.join(' '), calendar: fields.calendar?.join(' ') });
      } else notify.error(failure.message);
    },
  });
  const unchanged = zone === me.time_zone && calendar === me.calendar;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({ me, timeZone: zone, calendar });
      }}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Every date and time on screen and in alert messages is shown in this zone and calendar. Now it is{' '}
          <b data-testid="time-settings-now">
            {formatDateTime(Date.now(), { timeZone: me.time_zone, calendar: me.calendar })}
          </b>{' '}
          in {me.time_zone}.
        </Text>
        <Group align="flex-start" gap="sm">
          <Select
            label="Time zone"
            data={zones}
            value={zone}
            onChange={(value) => {
              setErrors({});
              if (value) setZone(value);
            }}
            searchable
            limit={60}
            allowDeselect={false}
            nothingFoundMessage="No time zone by that name"
            error={errors.time_zone}
            w={{ base: '100%', xs: 240 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Calendar"
            data={CALENDAR_OPTIONS}
            value={calendar}
            onChange={(value) => {
              setErrors({});
              if (value === 'gregorian' || value === 'jalali') setCalendar(value);
            }}
            allowDeselect={false}
            error={errors.calendar}
            w={{ base: '100%', xs: 200 }}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        <Group>
          <Button type="submit" loading={update.isPending} disabled={unchanged}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

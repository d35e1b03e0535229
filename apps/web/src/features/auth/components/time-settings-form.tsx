import { Button, Group, Select, Stack, Text } from '@mantine/core';
import type { Profile } from '@paydar/contracts/accounts';
import { knownTimeZones } from '@paydar/contracts/time-zones';
import { useMemo, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { formatDateTimeIn } from '@/lib/date-time';
import { notify } from '@/lib/notify';
import { useUpdateTimeZone } from '../api/update-time-zone';

/** The profile's time zone: alert messages and the notification history give times in it. */
export function TimeZoneForm({ me }: { me: Profile }) {
  const zones = useMemo(() => {
    const known = knownTimeZones();
    return known.includes(me.time_zone) ? known : [me.time_zone, ...known];
  }, [me.time_zone]);
  const [zone, setZone] = useState(me.time_zone);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateTimeZone({
    onSuccess: (saved) => notify.success(`Times are now shown in ${saved.time_zone}.`),
    onError: (failure) => {
      const fields = failure instanceof ApiError ? failure.fields : {};
      if (fields.time_zone) setError(fields.time_zone.join(' '));
      else notify.error(failure.message);
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({ me, timeZone: zone });
      }}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Alert messages and the notification history give times in this zone. Now it is{' '}
          <b>{formatDateTimeIn(Date.now(), me.time_zone)}</b> in {me.time_zone}.
        </Text>
        <Group align="flex-end" gap="sm">
          <Select
            label="Time zone"
            data={zones}
            value={zone}
            onChange={(value) => {
              setError(null);
              if (value) setZone(value);
            }}
            searchable
            limit={60}
            allowDeselect={false}
            nothingFoundMessage="No time zone by that name"
            error={error}
            w={{ base: '100%', xs: 280 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Button type="submit" loading={update.isPending} disabled={zone === me.time_zone}>
            Save time zone
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Select, SimpleGrid } from '@mantine/core';
import { HEARTBEAT_PERIOD_OPTIONS_SECONDS } from '@paydar/contracts/monitors-options';
import { formatSeconds } from '@paydar/domain/format';
import type { ReactNode } from 'react';
import type { MonitorForm } from '../../hooks/use-monitor-form';

/** Grace choices in seconds: none, 1, 5, 15, 30 min, 1, 6, 12 h, 1 day (the API takes any 0 to 7 days). */
const GRACE_OPTIONS_SECONDS = [0, 60, 300, 900, 1800, 3600, 21_600, 43_200, 86_400];

/** As the other periods read ('15 sec', '5 min', '6 hours'), whole days as days. */
function label(seconds: number): string {
  if (seconds === 0) return 'None';
  if (seconds % 86_400 === 0) return seconds === 86_400 ? '1 day' : `${seconds / 86_400} days`;
  return formatSeconds(seconds);
}
const PERIOD_DATA = HEARTBEAT_PERIOD_OPTIONS_SECONDS.map((seconds) => ({ value: seconds, label: label(seconds) }));

/** A grace the form does not list (set through the API) is shown as it is. */
function graceData(current: number | null) {
  const options =
    current === null || GRACE_OPTIONS_SECONDS.includes(current)
      ? GRACE_OPTIONS_SECONDS
      : [...GRACE_OPTIONS_SECONDS, current].sort((a, b) => a - b);
  return options.map((seconds) => ({ value: seconds, label: label(seconds) }));
}

type HeartbeatFieldsProps = {
  form: MonitorForm;
  /** The plan's rule for the period, shown beside the field. */
  periodHint: string | null;
  periodError: ReactNode;
};

/** A heartbeat's own fields: how often the job pings, and how late a ping may be before it is down. */
export function HeartbeatFields({ form, periodHint, periodError }: HeartbeatFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <Select<number>
        label="Period"
        description={periodHint ? `How often the job pings · ${periodHint}` : 'How often the job pings'}
        data={PERIOD_DATA}
        allowDeselect={false}
        withAsterisk
        {...form.getInputProps('period')}
        error={periodError}
      />
      <Select<number>
        label="Grace"
        description="How late a ping may be before the monitor is down"
        data={graceData(form.values.grace)}
        allowDeselect={false}
        withAsterisk
        {...form.getInputProps('grace')}
      />
    </SimpleGrid>
  );
}

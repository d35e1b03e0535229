import {
  Alert,
  Button,
  Chip,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  MAINTENANCE_DURATION_MAX_MINUTES,
  MAINTENANCE_DURATION_MIN_MINUTES,
  MAINTENANCE_TITLE_MAX_LENGTH,
  type MaintenanceKind,
  type MaintenanceWindow,
  type MaintenanceWindowInput,
} from '@paydar/contracts/maintenance';
import { instantToWallTime, wallTimeToInstant } from '@paydar/domain/maintenance';
import { useMemo, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useTimeSettings } from '@/lib/time-settings';
import { useSaveMaintenanceWindow } from '../api/save-maintenance-window';
import { timeZoneOptions } from '../hooks/time-zone-options';
import { dayName } from './schedule-text';

export type MonitorOption = { id: number; name: string };

type MaintenanceWindowModalProps = {
  opened: boolean;
  onClose: () => void;
  monitors: MonitorOption[];
  /** The window being edited; a new one when absent. */
  window?: MaintenanceWindow | undefined;
  /** Now, epoch ms (tests pass a fixed one). */
  now?: number;
};

type FormState = {
  title: string;
  kind: MaintenanceKind;
  monitors: string[];
  timeZone: string;
  startsAt: string;
  endsAt: string;
  days: string[];
  startTime: string;
  duration: number | string;
};

const HOUR = 3_600_000;

/** A new window starts in the reader's zone (the profile's, issue 15). */
function initialState(window: MaintenanceWindow | undefined, now: number, readerZone: string): FormState {
  const timeZone = window?.time_zone ?? readerZone;
  // A new one-off window: the next whole hour, for an hour.
  const nextHour = Math.ceil(now / HOUR) * HOUR;
  return {
    title: window?.title ?? '',
    kind: window?.kind ?? 'once',
    monitors: (window?.monitors ?? []).map(String),
    timeZone,
    startsAt: instantToWallTime(window?.starts_at ? Date.parse(window.starts_at) : nextHour, timeZone),
    endsAt: instantToWallTime(window?.ends_at ? Date.parse(window.ends_at) : nextHour + HOUR, timeZone),
    days: (window?.days_of_week ?? [7]).map(String),
    startTime: window?.start_time ?? '02:00',
    duration: window?.duration_minutes ?? 60,
  };
}

/** The body the API takes; wall times are read in the chosen zone. */
function toInput(state: FormState): MaintenanceWindowInput {
  const base = {
    title: state.title.trim(),
    monitors: state.monitors.map(Number),
    kind: state.kind,
    time_zone: state.timeZone,
  };
  if (state.kind === 'once') {
    const from = wallTimeToInstant(state.startsAt, state.timeZone);
    const to = wallTimeToInstant(state.endsAt, state.timeZone);
    return {
      ...base,
      starts_at: from === null ? null : new Date(from).toISOString(),
      ends_at: to === null ? null : new Date(to).toISOString(),
    };
  }
  return {
    ...base,
    days_of_week: state.days.map(Number).sort((a, b) => a - b),
    start_time: state.startTime,
    duration_minutes: typeof state.duration === 'number' ? state.duration : Number(state.duration) || null,
  };
}

/** The first message the server gave for a field (a list field's items are `monitors.0`, …). */
function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const key = Object.keys(error.fields).find((name) => name === field || name.startsWith(`${field}.`));
  return key ? error.fields[key]?.[0] : undefined;
}

const FIELDS = [
  'title',
  'monitors',
  'kind',
  'time_zone',
  'starts_at',
  'ends_at',
  'days_of_week',
  'start_time',
  'duration_minutes',
];

/** Create or edit a maintenance window: one-off or weekly, over chosen monitors, in a time zone. */
export function MaintenanceWindowModal({ opened, onClose, monitors, window, now }: MaintenanceWindowModalProps) {
  const readerZone = useTimeSettings().timeZone;
  const [state, setState] = useState(() => initialState(window, now ?? Date.now(), readerZone));
  const save = useSaveMaintenanceWindow({ onSuccess: () => onClose() });
  const zones = useMemo(() => timeZoneOptions(state.timeZone), [state.timeZone]);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setState((old) => ({ ...old, [key]: value }));
  const error = (field: string) => fieldError(save.error, field);
  const otherError = save.error && !FIELDS.some((field) => error(field)) ? (save.error as Error).message : undefined;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={window ? 'Edit maintenance window' : 'New maintenance window'}
      centered
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ ...(window ? { id: window.id } : {}), input: toInput(state) });
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            During a window checks still run, but nothing is alerted, no downtime opens and the time counts neither up
            nor down.
          </Text>
          <TextInput
            label="Title"
            required
            maxLength={MAINTENANCE_TITLE_MAX_LENGTH}
            value={state.title}
            onChange={(event) => set('title', event.currentTarget.value)}
            error={error('title')}
            placeholder="Database upgrade"
          />
          <MultiSelect
            label="Monitors"
            required
            searchable
            placeholder={state.monitors.length ? undefined : 'Choose monitors'}
            data={monitors.map((monitor) => ({ value: String(monitor.id), label: monitor.name }))}
            value={state.monitors}
            onChange={(value) => set('monitors', value)}
            error={error('monitors')}
            nothingFoundMessage="No monitor matches"
            comboboxProps={{ withinPortal: true }}
          />
          <SegmentedControl
            aria-label="Repeat"
            value={state.kind}
            onChange={(value) => set('kind', value as MaintenanceKind)}
            data={[
              { value: 'once', label: 'One-off' },
              { value: 'weekly', label: 'Weekly' },
            ]}
          />
          {state.kind === 'once' ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label="Starts"
                type="datetime-local"
                required
                value={state.startsAt}
                onChange={(event) => set('startsAt', event.currentTarget.value)}
                error={error('starts_at')}
              />
              <TextInput
                label="Ends"
                type="datetime-local"
                required
                value={state.endsAt}
                onChange={(event) => set('endsAt', event.currentTarget.value)}
                error={error('ends_at')}
              />
            </SimpleGrid>
          ) : (
            <>
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Days
                </Text>
                <Chip.Group multiple value={state.days} onChange={(value) => set('days', value)}>
                  <Group gap={6}>
                    {[1, 2, 3, 4, 5, 6, 7].map((day) => (
                      <Chip key={day} value={String(day)} size="sm">
                        {dayName(day)}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
                {error('days_of_week') && (
                  <Text size="xs" c="red">
                    {error('days_of_week')}
                  </Text>
                )}
              </Stack>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput
                  label="Start time"
                  type="time"
                  required
                  value={state.startTime}
                  onChange={(event) => set('startTime', event.currentTarget.value)}
                  error={error('start_time')}
                />
                <NumberInput
                  label="Duration (minutes)"
                  required
                  min={MAINTENANCE_DURATION_MIN_MINUTES}
                  max={MAINTENANCE_DURATION_MAX_MINUTES}
                  value={state.duration}
                  onChange={(value) => set('duration', value)}
                  error={error('duration_minutes')}
                />
              </SimpleGrid>
            </>
          )}
          <Select
            label="Time zone"
            searchable
            data={zones}
            value={state.timeZone}
            onChange={(value) => value && set('timeZone', value)}
            error={error('time_zone')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {otherError && (
            <Alert color="red" variant="light">
              {otherError}
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {window ? 'Save' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

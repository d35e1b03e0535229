import { Group, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SUBSCRIBER_SEARCH_MAX_LENGTH, type SubscriberState } from '@paydar/contracts/status-page-subscribers';
import { useEffect, useState } from 'react';
import type { SubscriberFilters as Filters } from '../../api/get-subscribers';

const STATE_CHOICES = [
  { value: 'all', label: 'All' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'waiting', label: 'Waiting' },
];

/** What the server would refuse (it names `search`): control characters are not part of an address. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
const searchOf = (typed: string) => typed.replace(CONTROL_CHARACTERS, '').trim() || undefined;

/** The subscriber list's search box (sent after a pause in typing) and its state filter. */
export function SubscriberFilters({ value, onChange }: { value: Filters; onChange: (filters: Filters) => void }) {
  const [typed, setTyped] = useState(value.search ?? '');
  const [settled] = useDebouncedValue(typed, 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new settled search is news; `value` changes with it
  useEffect(() => {
    const search = searchOf(settled);
    if (search !== value.search) onChange({ ...value, search });
  }, [settled]);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Part of an address"
        size="xs"
        value={typed}
        maxLength={SUBSCRIBER_SEARCH_MAX_LENGTH}
        onChange={(event) => setTyped(event.currentTarget.value)}
        style={{ flex: '1 1 220px', maxWidth: 360 }}
      />
      <SegmentedControl
        aria-label="Subscribers to show"
        size="xs"
        data={STATE_CHOICES}
        value={value.state ?? 'all'}
        onChange={(state) => onChange({ ...value, state: state === 'all' ? undefined : (state as SubscriberState) })}
      />
    </Group>
  );
}

import { ActionIcon, Group } from '@mantine/core';
import { ChevronDownIcon, ChevronUpIcon, TrashIcon } from '@/components/icons';

type ListMoveButtonsProps = {
  /** What the buttons act on, for their labels ("section Web"). */
  what: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
};

/** Up, down and remove for one item of an ordered list (buttons, so the keyboard reorders too). */
export function ListMoveButtons({ what, index, count, onMove, onRemove }: ListMoveButtonsProps) {
  return (
    <Group gap={2} wrap="nowrap" style={{ flex: 'none' }}>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Move ${what} up`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        <ChevronUpIcon size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Move ${what} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <ChevronDownIcon size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${what}`} onClick={onRemove}>
        <TrashIcon size={16} />
      </ActionIcon>
    </Group>
  );
}

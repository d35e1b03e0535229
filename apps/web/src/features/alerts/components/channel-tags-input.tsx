import { Loader, Pill, PillsInput, UnstyledButton } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ChannelTag } from './channel-tag';
import type { AlertChannelEntry } from './channel-types';

/** Spec §9: tags show at most 3; a '+N' pill reveals the rest. */
export const MAX_SHOWN_TAGS = 3;

type ChannelTagsInputProps = {
  label: string;
  description?: ReactNode;
  placeholder: string;
  icon: ReactNode;
  entries: readonly AlertChannelEntry[];
  /** Takes the typed text; true when it became a tag, so the field empties. */
  onAdd: (raw: string, onFailed: () => void) => boolean;
  onRemove: (value: string) => void;
  error: string | null;
  onClearError: () => void;
  disabled?: boolean;
  saving?: boolean;
  /** Phones: the verify action of an unverified tag. */
  onVerify?: (value: string) => void;
  /** The value whose verification is starting. */
  verifying?: string | null;
  /** Verified tags: the "Send test" action. */
  onTest?: (value: string) => void;
  /** The value whose test is on its way. */
  testing?: string | null;
};

/** A channel list as tags: Enter adds what is typed, × removes, the first three shown. */
export function ChannelTagsInput({
  label,
  description,
  placeholder,
  icon,
  entries,
  onAdd,
  onRemove,
  error,
  onClearError,
  disabled,
  saving,
  onVerify,
  verifying,
  onTest,
  testing,
}: ChannelTagsInputProps) {
  const [draft, setDraft] = useState('');
  const [expanded, setExpanded] = useState(false);
  const hidden = entries.length - MAX_SHOWN_TAGS;
  const shown = expanded || hidden <= 0 ? entries : entries.slice(0, MAX_SHOWN_TAGS);

  const submit = () => {
    const raw = draft;
    if (onAdd(raw, () => setDraft((current) => current || raw))) setDraft('');
  };

  return (
    <PillsInput
      label={label}
      description={description}
      error={error}
      disabled={disabled}
      leftSection={icon}
      rightSection={saving ? <Loader size={14} aria-label="Saving" /> : null}
    >
      <Pill.Group>
        {shown.map((entry) => (
          <ChannelTag
            key={entry.value}
            value={entry.value}
            verified={entry.is_verified}
            disabled={disabled}
            onRemove={() => onRemove(entry.value)}
            onVerify={onVerify && (() => onVerify(entry.value))}
            verifying={verifying === entry.value}
            saving={saving}
            onTest={onTest && (() => onTest(entry.value))}
            testing={testing === entry.value}
          />
        ))}
        {hidden > 0 && (
          <UnstyledButton
            onClick={(event) => {
              event.stopPropagation();
              setExpanded((value) => !value);
            }}
            aria-expanded={expanded}
            aria-label={expanded ? 'Show fewer' : `Show ${hidden} more`}
          >
            <Pill c="blue.7" fw={600}>
              {expanded ? 'Show less' : `+${hidden}`}
            </Pill>
          </UnstyledButton>
        )}
        <PillsInput.Field
          value={draft}
          placeholder={disabled ? undefined : placeholder}
          aria-label={label}
          autoComplete="off"
          dir="auto"
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            if (error) onClearError();
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            submit();
          }}
        />
      </Pill.Group>
    </PillsInput>
  );
}

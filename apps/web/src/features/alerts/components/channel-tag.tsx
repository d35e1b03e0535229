import { Pill, Text, UnstyledButton } from '@mantine/core';
import { CheckCircleIcon, ClockIcon } from './alert-icons';

type ChannelTagProps = {
  value: string;
  verified: boolean;
  disabled?: boolean;
  onRemove: () => void;
  /** Phones: starts the SMS code verification (spec §2: only phone tags have it). */
  onVerify?: () => void;
  verifying?: boolean;
  /** The lists are being saved: a tag just added is not on the server yet, so it cannot be verified. */
  saving?: boolean;
  /** Verified channels: sends a marked test message (issue 14). */
  onTest?: () => void;
  /** This channel's test is on its way. */
  testing?: boolean;
};

/**
 * One channel as a tag: green with a tick when verified, orange with a clock when not (an
 * unverified channel gets no alerts), the full state in its title, and a remove button.
 */
export function ChannelTag({
  value,
  verified,
  disabled,
  onRemove,
  onVerify,
  verifying,
  saving,
  onTest,
  testing,
}: ChannelTagProps) {
  const color = verified ? 'teal' : 'orange';
  const state = verified ? 'verified' : 'not verified, gets no alerts yet';
  return (
    <Pill
      withRemoveButton={!disabled}
      onRemove={onRemove}
      disabled={disabled}
      title={`${value}: ${state}`}
      data-verified={verified}
      bg={`var(--mantine-color-${color}-light)`}
      c={`${color}.9`}
      styles={{ label: { display: 'flex', alignItems: 'center', gap: 4 } }}
      removeButtonProps={{
        'aria-hidden': false,
        tabIndex: 0,
        'aria-label': `Remove ${value}`,
        title: `Remove ${value}`,
        c: `${color}.9`,
      }}
    >
      {verified ? (
        <CheckCircleIcon size={14} aria-label="Verified" role="img" aria-hidden={false} />
      ) : (
        <ClockIcon size={14} aria-label="Not verified" role="img" aria-hidden={false} />
      )}
      <Text span inherit truncate="end" maw={{ base: 170, sm: 240 }} dir="ltr">
        {value}
      </Text>
      {onVerify && !verified && (
        <TagAction
          onClick={onVerify}
          disabled={disabled || verifying || saving}
          label={`Verify ${value}`}
          text={verifying ? 'Sending…' : 'Verify'}
        />
      )}
      {onTest && verified && !disabled && (
        <TagAction
          onClick={onTest}
          disabled={testing}
          label={`Send a test message to ${value}`}
          text={testing ? 'Sending…' : 'Send test'}
        />
      )}
    </Pill>
  );
}

/** A small white button inside a tag: Verify (phones) or Send test (verified channels). */
function TagAction({
  onClick,
  disabled,
  label,
  text,
}: {
  onClick: () => void;
  disabled?: boolean;
  label: string;
  text: string;
}) {
  return (
    <UnstyledButton
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
      onMouseDown={(event) => event.stopPropagation()}
      disabled={disabled}
      aria-label={label}
      title={label}
      fz="xs"
      fw={700}
      c={disabled ? 'dimmed' : 'blue.7'}
      ml={2}
      px={6}
      bg="var(--mantine-color-body)"
      style={{ borderRadius: 'var(--mantine-radius-xl)', lineHeight: 1.6, whiteSpace: 'nowrap' }}
    >
      {text}
    </UnstyledButton>
  );
}

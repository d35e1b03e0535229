import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { CHARGE_MAX_TOMANS, CHARGE_MIN_TOMANS, CHARGE_STEP_TOMANS } from '@paydar/contracts/billing';
import { formatTomans } from '@paydar/domain/format';
import { PERSIAN_FONT } from '@/components/persian';

/** The amount of a charge (spec §5, §9): whole Tomans with separators, step 1,000, and quick-picks. */
export function ChargeAmountField({
  value,
  onChange,
  onBlur,
  error,
  picks,
  disabled,
}: {
  value: number | string;
  onChange: (value: number | string) => void;
  onBlur: () => void;
  /** A Persian message (spec §5), shown right-to-left. */
  error: string | null;
  picks: readonly number[];
  disabled?: boolean;
}) {
  return (
    <Stack gap="xs">
      <NumberInput
        label="Amount"
        description="Tomans"
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        step={CHARGE_STEP_TOMANS}
        min={CHARGE_MIN_TOMANS}
        max={CHARGE_MAX_TOMANS}
        // The rules are told in words below rather than silently applied to what was typed.
        clampBehavior="none"
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        disabled={disabled}
        inputMode="numeric"
        error={
          error && (
            <span
              dir="rtl"
              lang="fa"
              // Persian letters at the error's usual size are hard to read.
              style={{
                fontFamily: PERSIAN_FONT,
                display: 'block',
                textAlign: 'right',
                fontSize: 'var(--mantine-font-size-sm)',
                lineHeight: 1.8,
              }}
            >
              {error}
            </span>
          )
        }
        data-autofocus
      />
      <Group gap="xs" aria-label="Quick amounts" role="group">
        {picks.map((pick) => (
          <Button
            key={pick}
            size="compact-sm"
            variant={Number(value) === pick ? 'light' : 'default'}
            onClick={() => onChange(pick)}
            disabled={disabled}
          >
            {formatTomans(pick)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

import {
  Accordion,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import {
  ALERT_RULE_LIMITS,
  type AlertAfterUnit,
  DEFAULT_ALERT_RULES,
  RECOVERY_CHANNEL_KINDS,
} from '@paydar/contracts/alert-rules';
import { NOTIFICATION_TYPE_LABELS } from '@paydar/contracts/notifications';
import { useState } from 'react';
import type { MonitorForm } from '../../hooks/use-monitor-form';
import { alertRulesSummary } from './alert-rules-values';

const limit = (bounds: { min: number; max: number }, unit: string) =>
  `${bounds.min}–${bounds.max.toLocaleString('en-US')} ${unit}`;

/**
 * Out-of-range numbers are not clamped on blur: the field keeps what was typed and says its limit.
 *
 * The "Alert rules" section of the add and edit popups (issue 14): when a downtime is told,
 * reminders, the recovery and flap damping. Folded by default under a one-line summary; each
 * field shows its limits and its error (client check, or the server's `alert_rules.*` field).
 */
export function AlertRulesFields({ form }: { form: MonitorForm }) {
  const rules = form.values.alert_rules;
  const afterUnit = rules.alert_after.unit;
  const afterLimits = afterUnit === 'checks' ? ALERT_RULE_LIMITS.alertAfterChecks : ALERT_RULE_LIMITS.alertAfterMinutes;
  const reminding = rules.remind_every_minutes !== null;
  const damping = rules.flap_changes !== null;
  const ruleError = form.errors.alert_rules;
  const [open, setOpen] = useState(false);
  // Folded, an error would go unseen: a section with one opens.
  const hasError = Object.keys(form.errors).some((key) => key.startsWith('alert_rules'));

  return (
    <Accordion
      variant="contained"
      chevronPosition="right"
      value={open || hasError ? 'alert-rules' : null}
      onChange={(value) => setOpen(value === 'alert-rules')}
    >
      <Accordion.Item value="alert-rules">
        <Accordion.Control aria-label="Alert rules">
          <Text fw={500} size="sm">
            Alert rules
          </Text>
          <Text c="dimmed" size="xs">
            {alertRulesSummary(rules)}
          </Text>
        </Accordion.Control>
        <Accordion.Panel>
          <Stack gap="md">
            {ruleError && (
              <Text c="red" size="xs">
                {ruleError}
              </Text>
            )}
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <NumberInput
                label="Alert after"
                description={limit(afterLimits, afterUnit)}
                min={afterLimits.min}
                max={afterLimits.max}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                style={{ flex: 1, minWidth: 0 }}
                {...form.getInputProps('alert_rules.alert_after.count')}
              />
              <SegmentedControl
                mt={44}
                aria-label="Alert after unit"
                data={[
                  { value: 'checks', label: 'checks' },
                  { value: 'minutes', label: 'minutes' },
                ]}
                value={afterUnit}
                onChange={(value) => form.setFieldValue('alert_rules.alert_after.unit', value as AlertAfterUnit)}
              />
            </Group>

            <Switch
              label="Remind while still down"
              checked={reminding}
              onChange={(event) =>
                form.setFieldValue(
                  'alert_rules.remind_every_minutes',
                  event.currentTarget.checked ? 30 : (null as unknown as number),
                )
              }
            />
            {reminding && (
              <SimpleGrid cols={2} spacing="sm">
                <NumberInput
                  label="Every (minutes)"
                  description={limit(ALERT_RULE_LIMITS.remindEveryMinutes, 'min')}
                  min={ALERT_RULE_LIMITS.remindEveryMinutes.min}
                  max={ALERT_RULE_LIMITS.remindEveryMinutes.max}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  {...form.getInputProps('alert_rules.remind_every_minutes')}
                />
                <NumberInput
                  label="At most"
                  description={limit(ALERT_RULE_LIMITS.remindLimit, 'reminders')}
                  min={ALERT_RULE_LIMITS.remindLimit.min}
                  max={ALERT_RULE_LIMITS.remindLimit.max}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  {...form.getInputProps('alert_rules.remind_limit')}
                />
              </SimpleGrid>
            )}

            <Switch
              label="Alert when it recovers"
              {...form.getInputProps('alert_rules.notify_recovery', { type: 'checkbox' })}
            />
            {rules.notify_recovery && (
              <>
                <Checkbox.Group
                  label="Recovery goes to"
                  description="Voice calls ring only when it goes down"
                  {...form.getInputProps('alert_rules.recovery_channels')}
                >
                  <Group gap="md" mt={6}>
                    {RECOVERY_CHANNEL_KINDS.map((kind) => (
                      <Checkbox key={kind} value={kind} label={NOTIFICATION_TYPE_LABELS[kind]} />
                    ))}
                  </Group>
                </Checkbox.Group>
                <NumberInput
                  label="Recovery alert after staying up (minutes)"
                  description={`${limit(ALERT_RULE_LIMITS.recoveryAfterMinutes, 'min')}; 0: at once; going down again meanwhile sends nothing`}
                  min={ALERT_RULE_LIMITS.recoveryAfterMinutes.min}
                  max={ALERT_RULE_LIMITS.recoveryAfterMinutes.max}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  {...form.getInputProps('alert_rules.recovery_after_minutes')}
                />
              </>
            )}

            <Switch
              label="Flap damping"
              description="One “flapping” alert, then quiet until it is stable"
              checked={damping}
              onChange={(event) =>
                form.setFieldValue(
                  'alert_rules.flap_changes',
                  event.currentTarget.checked
                    ? (DEFAULT_ALERT_RULES.flap_changes as number)
                    : (null as unknown as number),
                )
              }
            />
            {damping && (
              <SimpleGrid cols={2} spacing="sm">
                <NumberInput
                  label="More than"
                  description={limit(ALERT_RULE_LIMITS.flapChanges, 'changes')}
                  min={ALERT_RULE_LIMITS.flapChanges.min}
                  max={ALERT_RULE_LIMITS.flapChanges.max}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  {...form.getInputProps('alert_rules.flap_changes')}
                />
                <NumberInput
                  label="Within (minutes)"
                  description={limit(ALERT_RULE_LIMITS.flapWindowMinutes, 'min')}
                  min={ALERT_RULE_LIMITS.flapWindowMinutes.min}
                  max={ALERT_RULE_LIMITS.flapWindowMinutes.max}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  {...form.getInputProps('alert_rules.flap_window_minutes')}
                />
              </SimpleGrid>
            )}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

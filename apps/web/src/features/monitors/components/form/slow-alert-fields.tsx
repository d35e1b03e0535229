import { Input, NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { SLOW_ALERT_LIMITS, type SlowAlertRuleKind } from '@paydar/contracts/slow-alert';
import type { MonitorForm } from '../../hooks/use-monitor-form';
import { defaultChecksOf, slowAlertSummary } from './slow-alert-values';

const RULE_DATA: { value: SlowAlertRuleKind; label: string }[] = [
  { value: 'apdex', label: 'Apdex' },
  { value: 'response_time', label: 'Response time' },
];

const range = (limits: { min: number; max: number }, unit = '') =>
  `${limits.min.toLocaleString('en-US')}–${limits.max.toLocaleString('en-US')}${unit}`;

/**
 * "Slow response alerts" (issue 14): off by default; when on, one rule — the apdex of the last N
 * checks below a threshold, or the response time above X ms for N checks in a row. Limits beside
 * the fields, errors under them.
 */
export function SlowAlertFields({ form }: { form: MonitorForm }) {
  const values = form.values.slow_alert;
  const limits = SLOW_ALERT_LIMITS;
  const summary = slowAlertSummary(values);
  return (
    <Stack gap="sm">
      <Switch
        label="Slow response alerts"
        description="Also alert when it answers, but slowly — and when it is fast again"
        {...form.getInputProps('slow_alert.enabled', { type: 'checkbox' })}
      />
      {values.enabled && (
        <Stack
          gap="sm"
          pl="md"
          ml={4}
          style={{ borderInlineStart: '2px solid var(--mantine-color-default-border)' }}
          data-testid="slow-alert-rule"
        >
          <Input.Wrapper label="Alert when">
            <SegmentedControl
              mt={4}
              fullWidth
              aria-label="Slow rule"
              data={RULE_DATA}
              value={values.rule}
              onChange={(value) => {
                const rule = value as SlowAlertRuleKind;
                form.setFieldValue('slow_alert.rule', rule);
                form.setFieldValue('slow_alert.checks', defaultChecksOf(rule));
                form.clearFieldError('slow_alert.checks');
              }}
            />
          </Input.Wrapper>
          {values.rule === 'apdex' ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <NumberInput
                label="Apdex below"
                description={`${range(limits.apdexBelow)}, e.g. 0.70`}
                min={limits.apdexBelow.min}
                max={limits.apdexBelow.max}
                step={0.05}
                decimalScale={2}
                allowNegative={false}
                clampBehavior="none"
                {...form.getInputProps('slow_alert.below')}
              />
              <NumberInput
                label="Over the last"
                description={`${range(limits.apdexChecks)} checks`}
                rightSection={
                  <Text size="xs" c="dimmed">
                    checks
                  </Text>
                }
                rightSectionWidth={56}
                min={limits.apdexChecks.min}
                max={limits.apdexChecks.max}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                {...form.getInputProps('slow_alert.checks')}
              />
            </SimpleGrid>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <NumberInput
                label="Slower than"
                description={`${range(limits.aboveMs)} ms`}
                rightSection={
                  <Text size="xs" c="dimmed">
                    ms
                  </Text>
                }
                min={limits.aboveMs.min}
                max={limits.aboveMs.max}
                thousandSeparator=","
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                {...form.getInputProps('slow_alert.above_ms')}
              />
              <NumberInput
                label="For"
                description={`${range(limits.responseChecks)} checks in a row`}
                rightSection={
                  <Text size="xs" c="dimmed">
                    checks
                  </Text>
                }
                rightSectionWidth={56}
                min={limits.responseChecks.min}
                max={limits.responseChecks.max}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                {...form.getInputProps('slow_alert.checks')}
              />
            </SimpleGrid>
          )}
          {summary && (
            <Text size="xs" c="dimmed">
              {summary} No slow alert while it is down.
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}

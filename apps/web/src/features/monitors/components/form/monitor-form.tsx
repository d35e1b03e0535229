import {
  Alert,
  Anchor,
  Button,
  Group,
  Input,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { Prober } from '@paydar/contracts/monitors';
import {
  APDEX_OPTIONS_SECONDS,
  DNS_QUERY_TYPES,
  MONITOR_HTTP_METHODS,
  PERIOD_OPTIONS_SECONDS,
  PROTOCOL_LABELS,
  PROTOCOL_TYPES,
  type ProbedProtocolType,
  type ProtocolType,
} from '@paydar/contracts/monitors-options';
import { formatSeconds } from '@paydar/domain/format';
import type { FormEvent } from 'react';
import { openAlertCenterDrawer } from '@/lib/alert-center-drawer';
import { openPlansPopup } from '@/lib/plans-popup';
import type { MonitorForm } from '../../hooks/use-monitor-form';
import type { MonitorFormOptions } from '../../hooks/use-monitor-form-options';
import { AlertDestination } from './alert-destination';
import { AlertRulesFields } from './alert-rules-fields';
import { CertificateExpiryField } from './certificate-expiry-field';
import { isHttpsTarget } from './certificate-expiry-values';
import { HeartbeatFields } from './heartbeat-fields';
import { HttpAssertionsFields } from './http-assertions-fields';
import { HttpHeadersField } from './http-headers-field';
import { limitedPills } from './limited-pills';
import { isHeartbeat, isSelectableProber, sendsBody } from './monitor-form-values';
import { planHintsOf } from './plan-hints';
import { SlowAlertFields } from './slow-alert-fields';

const PERIOD_DATA = PERIOD_OPTIONS_SECONDS.map((seconds) => ({ value: seconds, label: formatSeconds(seconds) }));
const APDEX_DATA = APDEX_OPTIONS_SECONDS.map((seconds) => ({ value: seconds, label: `${seconds} sec` }));
const PROTOCOL_DATA = PROTOCOL_TYPES.map((type) => ({ value: type, label: PROTOCOL_LABELS[type] }));

/** How the address field is named and hinted for each protocol. */
const TARGET_FIELD: Record<ProbedProtocolType, { label: string; placeholder: string; description?: string }> = {
  HTTP: { label: 'URL', placeholder: 'https://example.com/health' },
  ICMP: { label: 'Host', placeholder: 'example.com or 203.0.113.10' },
  TCP: { label: 'Host', placeholder: 'example.com:443', description: 'Port 80 when none is given' },
  DNS: { label: 'DNS server', placeholder: '1.1.1.1', description: 'The resolver that is asked' },
};

function proberLabel(prober: Prober): string {
  const place = prober.datacenter.country_code ? ` (${prober.datacenter.country_code})` : '';
  if (prober.disabled) return `${prober.name}${place} — disabled`;
  return prober.is_active ? `${prober.name}${place}` : `${prober.name}${place} — offline`;
}

type MonitorFormFieldsProps = {
  form: MonitorForm;
  options: MonitorFormOptions;
  mode: 'create' | 'edit';
  /** A protected monitor cannot be switched off or on (spec §4). */
  isProtected?: boolean;
  saving: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
};

/** Every field of the add and edit popups (spec §5). */
export function MonitorFormFields({
  form,
  options,
  mode,
  isProtected,
  saving,
  onSubmit,
  onCancel,
}: MonitorFormFieldsProps) {
  const { values } = form;
  // A heartbeat has no address and no probers: the job it watches calls it (heartbeat-fields.tsx).
  const heartbeat = isHeartbeat(values);
  const target = values.protocol_type === 'HEARTBEAT' ? null : TARGET_FIELD[values.protocol_type];
  const isHttp = values.protocol_type === 'HTTP';
  const isDns = values.protocol_type === 'DNS';
  const showGroups = options.plan?.MONITOR_GROUP === true || values.labels.length > 0;
  // The plan's limits beside the fields they limit, and what breaks them as it is typed.
  const hints = planHintsOf(values, options, mode);
  const errorOf = (field: keyof typeof hints.errors) => hints.errors[field] ?? form.errors[field];

  // A selected prober that has since been disabled stays listed so it can be seen and removed.
  const proberData = options.probers
    .filter((prober) => isSelectableProber(prober) || values.probers.includes(prober.id))
    .map((prober) => ({ value: prober.id, label: proberLabel(prober), disabled: !isSelectableProber(prober) }));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {hints.atMonitorLimit ? (
          <Alert color="orange" title={hints.monitorLimitText} data-testid="plan-usage">
            <Stack gap={6} align="flex-start">
              <Text size="sm">{hints.usage}. Upgrade your plan to add more.</Text>
              <Button size="compact-sm" variant="light" color="orange" onClick={openPlansPopup}>
                Upgrade Plan
              </Button>
            </Stack>
          </Alert>
        ) : (
          hints.usage && (
            <Text size="sm" c="dimmed" data-testid="plan-usage">
              {hints.usage}
            </Text>
          )
        )}
        {mode === 'create' ? (
          <Input.Wrapper label="Protocol" description={hints.describe.protocol} error={hints.errors.protocol_type}>
            <SegmentedControl
              mt={4}
              fullWidth
              aria-label="Protocol"
              data={PROTOCOL_DATA}
              value={values.protocol_type}
              onChange={(value) => {
                form.setFieldValue('protocol_type', value as ProtocolType);
                form.clearFieldError('target');
              }}
            />
          </Input.Wrapper>
        ) : (
          <TextInput label="Protocol" value={PROTOCOL_LABELS[values.protocol_type]} readOnly variant="filled" />
        )}

        {target && (
          <TextInput
            label={target.label}
            placeholder={target.placeholder}
            description={
              mode === 'edit' ? 'The protocol and address of a monitor cannot be changed.' : target.description
            }
            withAsterisk={mode === 'create'}
            readOnly={mode === 'edit'}
            variant={mode === 'edit' ? 'filled' : 'default'}
            data-autofocus={mode === 'create' ? true : undefined}
            autoComplete="off"
            {...form.getInputProps('target')}
          />
        )}

        <TextInput
          label={heartbeat ? 'Name' : 'Alias'}
          placeholder={
            heartbeat ? 'The job it watches, such as Nightly backup' : 'A short name shown instead of the address'
          }
          withAsterisk={heartbeat}
          data-autofocus={heartbeat && mode === 'edit' ? true : undefined}
          {...form.getInputProps('alias')}
        />

        {heartbeat ? (
          <HeartbeatFields form={form} periodHint={hints.describe.period} periodError={errorOf('period')} />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select<number>
              label="Period"
              description={joinHints('How often it is checked', hints.describe.period)}
              data={PERIOD_DATA}
              allowDeselect={false}
              withAsterisk
              {...form.getInputProps('period')}
              error={errorOf('period')}
            />
            <Select<number>
              label="Expected time"
              description="Responses within it satisfy (apdex)"
              data={APDEX_DATA}
              allowDeselect={false}
              withAsterisk
              {...form.getInputProps('apdex')}
            />
          </SimpleGrid>
        )}

        {isHttp && (
          <>
            <Select
              label="Method"
              data={MONITOR_HTTP_METHODS}
              allowDeselect={false}
              {...form.getInputProps('http_method')}
              error={errorOf('http_method')}
            />
            <HttpHeadersField form={form} />
            {sendsBody(values) && (
              <Textarea
                label="Body"
                placeholder='{"ping": true}'
                autosize
                minRows={3}
                maxRows={10}
                {...form.getInputProps('http_body')}
              />
            )}
            <HttpAssertionsFields form={form} />
          </>
        )}

        {isDns && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="Query name"
              placeholder="example.com"
              withAsterisk
              autoComplete="off"
              {...form.getInputProps('dns_query_name')}
            />
            <Select
              label="Query type"
              data={DNS_QUERY_TYPES}
              allowDeselect={false}
              {...form.getInputProps('dns_query_type')}
            />
          </SimpleGrid>
        )}

        {!heartbeat && (
          <MultiSelect<number>
            label="Probers"
            description={joinHints('The datacenters it is checked from', hints.describe.probers)}
            placeholder={values.probers.length ? undefined : 'Choose probers'}
            data={proberData}
            withAsterisk
            nothingFoundMessage="No probers are available."
            renderPill={limitedPills(values.probers)}
            {...form.getInputProps('probers')}
            error={errorOf('probers')}
          />
        )}

        <MultiSelect
          label="Alert channels"
          description={
            <>
              Who is told when it goes down ·{' '}
              {/* The alert center drawer opens above the popup; the options follow its changes. */}
              <Anchor component="button" type="button" fz="inherit" onClick={openAlertCenterDrawer}>
                Manage channels
              </Anchor>
            </>
          }
          placeholder={values.alert.length ? undefined : 'Choose channels'}
          data={options.channelGroups}
          nothingFoundMessage="Add alert channels in the Alert Center first."
          renderPill={limitedPills(values.alert)}
          {...form.getInputProps('alert')}
          onChange={(value) => {
            // A choice made by hand is sent as it is, even an empty one.
            form.setFieldValue('alert', value);
            form.setFieldValue('alert_default', false);
          }}
        />
        <AlertDestination form={form} options={options} />

        <AlertRulesFields form={form} />

        {!heartbeat && <SlowAlertFields form={form} />}

        {isHttpsTarget(values.protocol_type, values.target) && <CertificateExpiryField form={form} />}

        {showGroups && (
          <TagsInput
            label="Groups"
            description="Press Enter after each group"
            placeholder={values.labels.length ? undefined : 'Add a group'}
            data={options.labelSuggestions}
            renderPill={limitedPills(values.labels)}
            {...form.getInputProps('labels')}
            error={errorOf('labels')}
          />
        )}

        <Switch
          label="Enabled"
          description={isProtected ? 'A protected monitor cannot be switched off.' : undefined}
          disabled={isProtected}
          {...form.getInputProps('is_enabled', { type: 'checkbox' })}
        />

        {/* Kept in sight while the long form scrolls inside the popup. */}
        <Group
          justify="flex-end"
          gap="sm"
          pos="sticky"
          bottom={0}
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 2, borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          {hints.atMonitorLimit && (
            <Text size="xs" c="dimmed" id="add-monitor-disabled-reason" mr="auto">
              {hints.monitorLimitText}
            </Text>
          )}
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={saving}
            disabled={hints.atMonitorLimit}
            aria-describedby={hints.atMonitorLimit ? 'add-monitor-disabled-reason' : undefined}
          >
            {mode === 'create' ? 'Add Monitor' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A field's own description and the plan's rule for it, on one line. */
function joinHints(own: string, plan: string | null): string {
  return plan ? `${own} · ${plan}` : own;
}

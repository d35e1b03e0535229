import {
  Button,
  Checkbox,
  CloseButton,
  Group,
  Input,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { HTTP_ASSERTION_LIMITS } from '@paydar/contracts/http-assertions';
import { PlusIcon } from '@/components/icons';
import type { MonitorForm } from '../../hooks/use-monitor-form';
import { type AssertionType, maxTimeoutOf, newAssertionRow } from './http-assertions-values';

const TYPE_DATA: { value: AssertionType; label: string }[] = [
  { value: 'keyword', label: 'Keyword in the body' },
  { value: 'json', label: 'JSON value in the body' },
  { value: 'header', label: 'Response header' },
];
const KEYWORD_MODES = [
  { value: 'absent', label: 'Must not contain' },
  { value: 'present', label: 'Must contain' },
];
const JSON_OPERATOR_DATA = [
  { value: 'equals', label: 'equals' },
  { value: 'contains', label: 'contains' },
  { value: 'exists', label: 'exists' },
];

/** Said beside the assertions: how much of a body is read. */
export const BODY_READ_HELP =
  'Keyword and JSON checks read the first 1 MB of the body. Every check listed must pass, or the check fails with the reason.';

/**
 * "Response checks" of an HTTP monitor (issue 17): accepted status codes, timeout, redirects and up
 * to 10 assertions. Errors under their fields; the names are the API's.
 */
export function HttpAssertionsFields({ form }: { form: MonitorForm }) {
  const { values } = form;
  const maxTimeout = maxTimeoutOf(values.period);
  const rows = values.http_assertions;
  const atLimit = rows.length >= HTTP_ASSERTION_LIMITS.count;
  return (
    <Stack gap="sm" data-testid="response-checks">
      <Text fw={500} size="sm">
        Response checks
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label="Accepted status codes"
          description="Codes and ranges, like 200-299, 301"
          placeholder="200-399"
          autoComplete="off"
          {...form.getInputProps('http_accepted_statuses')}
        />
        <NumberInput
          label="Timeout"
          description={`1–${maxTimeout} seconds; empty: ${maxTimeout} s`}
          placeholder={String(maxTimeout)}
          rightSection={
            <Text size="xs" c="dimmed">
              sec
            </Text>
          }
          rightSectionWidth={40}
          min={1}
          max={maxTimeout}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          {...form.getInputProps('timeout')}
        />
      </SimpleGrid>
      <Switch
        label="Follow redirects"
        description="Off: a redirect is the answer, judged by the accepted status codes"
        {...form.getInputProps('http_follow_redirects', { type: 'checkbox' })}
      />
      <Input.Wrapper label="Assertions" description={BODY_READ_HELP}>
        <Stack gap="xs" mt={6}>
          {rows.length === 0 && (
            <Text size="sm" c="dimmed">
              No assertions: any accepted status is a success.
            </Text>
          )}
          {rows.map((_, index) => (
            // Rows have no identity but their place; removing one re-keys those after it.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <AssertionRow key={index} form={form} index={index} />
          ))}
          <Group gap="sm">
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<PlusIcon size={14} />}
              disabled={atLimit}
              onClick={() => form.insertListItem('http_assertions', newAssertionRow())}
            >
              Add assertion
            </Button>
            {atLimit && (
              <Text size="xs" c="dimmed">
                A monitor has at most {HTTP_ASSERTION_LIMITS.count} assertions.
              </Text>
            )}
          </Group>
        </Stack>
      </Input.Wrapper>
    </Stack>
  );
}

function AssertionRow({ form, index }: { form: MonitorForm; index: number }) {
  const row = form.values.http_assertions[index];
  if (!row) return null;
  const path = (field: string) => `http_assertions.${index}.${field}`;
  const label = `Assertion ${index + 1}`;
  return (
    <Paper withBorder p="sm" radius="sm" data-testid={`assertion-${index + 1}`} aria-label={label} role="group">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Select
            aria-label={`${label} type`}
            data={TYPE_DATA}
            allowDeselect={false}
            style={{ flex: 1 }}
            {...form.getInputProps(path('type'))}
          />
          <CloseButton
            mt={4}
            aria-label={`Remove assertion ${index + 1}`}
            onClick={() => form.removeListItem('http_assertions', index)}
          />
        </Group>
        {row.type === 'keyword' && (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              <Select
                aria-label={`${label} rule`}
                data={KEYWORD_MODES}
                allowDeselect={false}
                {...form.getInputProps(path('mode'))}
              />
              <TextInput
                aria-label={`${label} keyword`}
                placeholder="Error"
                autoComplete="off"
                {...form.getInputProps(path('value'))}
              />
            </SimpleGrid>
            <Checkbox
              size="xs"
              label="Case-sensitive"
              {...form.getInputProps(path('case_sensitive'), { type: 'checkbox' })}
            />
          </>
        )}
        {row.type === 'json' && (
          <>
            <TextInput
              aria-label={`${label} JSON path`}
              placeholder="data.items[0].status"
              autoComplete="off"
              {...form.getInputProps(path('path'))}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              <Select
                aria-label={`${label} comparison`}
                data={JSON_OPERATOR_DATA}
                allowDeselect={false}
                {...form.getInputProps(path('operator'))}
              />
              {row.operator !== 'exists' && (
                <TextInput
                  aria-label={`${label} expected value`}
                  placeholder="ok"
                  autoComplete="off"
                  {...form.getInputProps(path('value'))}
                />
              )}
            </SimpleGrid>
          </>
        )}
        {row.type === 'header' && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <TextInput
              aria-label={`${label} header name`}
              placeholder="Content-Type"
              autoComplete="off"
              {...form.getInputProps(path('name'))}
            />
            <TextInput
              aria-label={`${label} header value`}
              placeholder="application/json"
              autoComplete="off"
              {...form.getInputProps(path('value'))}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

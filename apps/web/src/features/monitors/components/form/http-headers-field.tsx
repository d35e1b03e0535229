import { Button, CloseButton, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { PlusIcon } from '@/components/icons';
import type { MonitorForm } from '../../hooks/use-monitor-form';

/**
 * Said before the user meets it: a Host override does not move where the check connects. The
 * framing headers the check sets itself (@paydar/contracts/http-headers) are refused on save with
 * the field named, so the form stays short.
 */
export const HEADERS_HELP = "A Host header changes only the name sent: the check still connects to the URL's address.";

/** HTTP headers as name–value rows; rows with an empty name are dropped on save. */
export function HttpHeadersField({ form }: { form: MonitorForm }) {
  const rows = form.values.http_headers;
  return (
    <Input.Wrapper label="Headers" description={HEADERS_HELP}>
      <Stack gap="xs" mt={6}>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            No headers.
          </Text>
        )}
        {rows.map((_, index) => (
          // Rows have no identity but their place; removing one re-keys those after it.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              placeholder="Name"
              aria-label={`Header ${index + 1} name`}
              style={{ flex: 2 }}
              {...form.getInputProps(`http_headers.${index}.key`)}
            />
            <TextInput
              placeholder="Value"
              aria-label={`Header ${index + 1} value`}
              style={{ flex: 3 }}
              {...form.getInputProps(`http_headers.${index}.value`)}
            />
            <CloseButton
              mt={4}
              aria-label={`Remove header ${index + 1}`}
              onClick={() => form.removeListItem('http_headers', index)}
            />
          </Group>
        ))}
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<PlusIcon size={14} />}
            onClick={() => form.insertListItem('http_headers', { key: '', value: '' })}
          >
            Add header
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

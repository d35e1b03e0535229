import { Button, Stack, Text } from '@mantine/core';
import { STATUS_PAGE_SECTIONS_MAX } from '@paydar/contracts/status-pages';
import { PlusIcon } from '@/components/icons';
import type { StatusPageForm } from '../../hooks/use-status-page-form';
import { newSection, type PageMonitorOption } from './editor-values';
import { SectionCard } from './section-card';

/** The page's sections in order, each with its monitors. */
export function SectionsEditor({ form, monitors }: { form: StatusPageForm; monitors: readonly PageMonitorOption[] }) {
  const { sections } = form.values;
  const taken = new Set(sections.flatMap((section) => section.monitors.map((entry) => entry.monitor)));
  const error = form.errors.sections;
  return (
    <Stack gap="sm">
      {monitors.length === 0 && (
        <Text size="sm" c="dimmed">
          You have no monitors yet: add one on the dashboard, then put it on this page.
        </Text>
      )}
      {sections.map((section, index) => (
        <SectionCard
          key={section.key}
          form={form}
          index={index}
          count={sections.length}
          monitors={monitors}
          taken={taken}
        />
      ))}
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
      {sections.length < STATUS_PAGE_SECTIONS_MAX && (
        <Button
          variant="light"
          leftSection={<PlusIcon size={16} />}
          onClick={() => form.insertListItem('sections', newSection())}
          style={{ alignSelf: 'flex-start' }}
        >
          Add section
        </Button>
      )}
    </Stack>
  );
}

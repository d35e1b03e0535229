import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { StatusPage } from '@paydar/contracts/status-pages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeftIcon } from '@/components/icons';
import { ReadOnlyTip } from '@/components/read-only-tip';
import { useStatusPageForm } from '../../hooks/use-status-page-form';
import { CustomDomainField } from './custom-domain-field';
import type { PageMonitorOption } from './editor-values';
import { AddressFields, DisplayFields } from './page-fields';
import { PasswordField } from './password-field';
import { SectionsEditor } from './sections-editor';

type StatusPageEditorProps = {
  /** The page being edited; a new one when absent. */
  page?: StatusPage | undefined;
  /** The user's monitors, to put on the page. */
  monitors: readonly PageMonitorOption[];
  /** The demo account's words: Save shows disabled with them; null otherwise. */
  readOnly: string | null;
  /** Why no page can be added now (the plan's limit): a new page cannot be created, and says why. */
  blockedBy?: string | null;
};

function Part({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', xs: 'md' }}>
      <Stack gap="sm">
        <Stack gap={0}>
          <Title order={2} fz="lg">
            {title}
          </Title>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** /status_pages/new and /status_pages/:id: every setting of a page, saved in one call. */
export function StatusPageEditor({ page, monitors, readOnly, blockedBy = null }: StatusPageEditorProps) {
  const { form, submit, saving } = useStatusPageForm(page);
  const saveBlockedBy = readOnly ?? (page ? null : blockedBy);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Anchor component={Link} to="/status_pages" size="sm">
            <Group gap={4} component="span">
              <ChevronLeftIcon size={14} /> Status pages
            </Group>
          </Anchor>
          <Title order={1} fz={26} style={{ overflowWrap: 'anywhere' }}>
            {page ? `Edit ${page.title}` : 'New status page'}
          </Title>
        </Stack>
        {!page && blockedBy && (
          <Alert color="orange" variant="light" data-testid="status-page-limit-reason">
            {blockedBy}
          </Alert>
        )}
        <Part title="Page">
          <AddressFields form={form} />
        </Part>
        <Part title="Display">
          <DisplayFields form={form} />
        </Part>
        <Part
          title="Sections"
          hint="Visitors see each section’s monitors under their public names, in this order; never their addresses unless you allow it."
        >
          <SectionsEditor form={form} monitors={monitors} />
        </Part>
        <Part title="Custom domain">
          <CustomDomainField form={form} />
        </Part>
        <Part title="Access">
          <PasswordField form={form} isProtected={page?.protected ?? false} />
        </Part>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to="/status_pages">
            Cancel
          </Button>
          <ReadOnlyTip reason={saveBlockedBy}>
            <Button type="submit" loading={saving} disabled={saveBlockedBy !== null}>
              {page ? 'Save' : 'Create page'}
            </Button>
          </ReadOnlyTip>
        </Group>
      </Stack>
    </form>
  );
}

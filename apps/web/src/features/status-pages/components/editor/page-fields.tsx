import { Anchor, SegmentedControl, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import {
  defaultStatusPageTimeZone,
  STATUS_PAGE_DESCRIPTION_MAX_LENGTH,
  STATUS_PAGE_LOGO_URL_MAX_LENGTH,
  STATUS_PAGE_SLUG_MAX_LENGTH,
  STATUS_PAGE_TITLE_MAX_LENGTH,
  type StatusPageLanguage,
} from '@paydar/contracts/status-pages';
import { type ReactNode, useMemo } from 'react';
import { PERSIAN_FONT } from '@/components/persian';
import { useRuntimeConfig } from '@/config/runtime-config';
import { timeZoneOptions } from '@/lib/time-zone-options';
import type { StatusPageForm } from '../../hooks/use-status-page-form';
import { statusPageAddress } from '../page-address';

const PERSIAN_NAME = 'فارسی';

const LANGUAGES: { value: StatusPageLanguage; label: ReactNode }[] = [
  { value: 'en', label: 'English' },
  {
    value: 'fa',
    label: (
      <span lang="fa" dir="rtl" style={{ fontFamily: PERSIAN_FONT }}>
        {PERSIAN_NAME}
      </span>
    ),
  },
];

/** The page's address, with what it will be as it is typed. */
export function AddressFields({ form }: { form: StatusPageForm }) {
  const slug = form.values.slug.trim();
  const address = statusPageAddress(useRuntimeConfig().dashboardUrl, slug || 'your-page');
  return (
    <Stack gap="sm">
      <TextInput
        label="Address"
        description="Lowercase letters, digits and single hyphens; 3–48 characters."
        required
        maxLength={STATUS_PAGE_SLUG_MAX_LENGTH}
        placeholder="acme"
        autoCapitalize="none"
        spellCheck={false}
        {...form.getInputProps('slug')}
      />
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="status-page-address-preview">
        Visitors open{' '}
        {slug ? (
          <Anchor href={address} target="_blank" rel="noopener noreferrer" size="xs">
            {address}
          </Anchor>
        ) : (
          address
        )}
      </Text>
      <TextInput
        label="Title"
        required
        maxLength={STATUS_PAGE_TITLE_MAX_LENGTH}
        placeholder="Acme status"
        {...form.getInputProps('title')}
      />
      <Textarea
        label="Description"
        description="Plain text under the title."
        rows={3}
        resize="vertical"
        maxLength={STATUS_PAGE_DESCRIPTION_MAX_LENGTH}
        {...form.getInputProps('description')}
      />
      <TextInput
        label="Logo URL"
        description="An https address of an image."
        placeholder="https://example.com/logo.png"
        type="url"
        maxLength={STATUS_PAGE_LOGO_URL_MAX_LENGTH}
        {...form.getInputProps('logo_url')}
      />
    </Stack>
  );
}

/** How the page reads: its language, the zone its days are cut in, and response times. */
export function DisplayFields({ form }: { form: StatusPageForm }) {
  const { language, time_zone } = form.values;
  const fallback = defaultStatusPageTimeZone(language);
  const zones = useMemo(() => timeZoneOptions(...(time_zone ? [time_zone] : []), fallback), [time_zone, fallback]);
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="status-page-language">
          Language
        </Text>
        <SegmentedControl
          aria-labelledby="status-page-language"
          data={LANGUAGES}
          value={language}
          onChange={(value) => form.setFieldValue('language', value as StatusPageLanguage)}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      <Select
        label="Time zone"
        description={`The days of the uptime bars; left empty, ${fallback} for a page in ${language === 'fa' ? PERSIAN_NAME : 'English'}.`}
        placeholder={`Default: ${fallback}`}
        searchable
        clearable
        data={zones}
        nothingFoundMessage="No zone matches"
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('time_zone')}
      />
      <Switch
        label="Show response times"
        description="Each day’s average response time beside its uptime."
        {...form.getInputProps('show_response_times', { type: 'checkbox' })}
      />
    </Stack>
  );
}

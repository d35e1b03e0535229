import { Code, List, Stack, Text, TextInput } from '@mantine/core';
import { STATUS_PAGE_DOMAIN_MAX_LENGTH } from '@paydar/contracts/status-pages';
import { useRuntimeConfig } from '@/config/runtime-config';
import type { StatusPageForm } from '../../hooks/use-status-page-form';
import { cnameTarget } from '../page-address';

/** The page on the owner's own host name, with the DNS record it needs. */
export function CustomDomainField({ form }: { form: StatusPageForm }) {
  const target = cnameTarget(useRuntimeConfig().apiBaseUrl);
  const domain = form.values.custom_domain.trim().toLowerCase() || 'status.example.com';
  return (
    <Stack gap="xs">
      <TextInput
        label="Custom domain"
        description="Optional: the page answers on this host name too."
        placeholder="status.example.com"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={STATUS_PAGE_DOMAIN_MAX_LENGTH}
        {...form.getInputProps('custom_domain')}
      />
      <List size="sm" spacing={4} type="ordered" c="dimmed" data-testid="custom-domain-steps">
        <List.Item>
          At your DNS provider, add a CNAME record:{' '}
          <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
            {domain} CNAME {target}
          </Code>
        </List.Item>
        <List.Item>Save the page here. Once the record is seen, the page opens on your domain.</List.Item>
        <List.Item>
          <Text span size="sm">
            HTTPS is taken care of: our proxy gets the certificate for your domain. No files to upload.
          </Text>
        </List.Item>
      </List>
    </Stack>
  );
}

import { Anchor, Code, Divider, Stack, Text, Title } from '@mantine/core';
import type { CreatedApiToken } from '@paydar/contracts/api-tokens';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { useApiTokens } from '../api/get-api-tokens';
import { ApiTokenList } from './api-token-list';
import { CreateApiTokenForm } from './create-api-token-form';
import { NewApiTokenPanel } from './new-api-token-panel';

/** /account's "API tokens": create (shown once), list with last use, revoke. */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <Stack gap="sm">
      <Title order={2} fz={18}>
        API tokens
      </Title>
      <Text size="sm" c="dimmed">
        For scripts and integrations: send a token as <Code fz="xs">Authorization: Bearer &lt;token&gt;</Code> (see the{' '}
        <Anchor href="/api/docs" target="_blank" rel="noreferrer" inherit>
          API docs
        </Anchor>
        ). A read-only token can only read; neither kind can manage tokens, change your account or pay.
      </Text>
      {created && <NewApiTokenPanel created={created} onDone={() => setCreated(null)} />}
      <CreateApiTokenForm onCreated={setCreated} />
      <Divider my={4} />
      <QueryState query={tokens} py="sm">
        {(data) => <ApiTokenList tokens={data} />}
      </QueryState>
    </Stack>
  );
}

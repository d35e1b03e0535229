import { Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import type { ApiToken } from '@paydar/contracts/api-tokens';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useFormatTime } from '@/lib/time-settings';
import { useRevokeApiToken } from '../api/revoke-api-token';

/** The user's tokens: name, scope, created, last use and expiry, each with Revoke (asked first). */
export function ApiTokenList({ tokens }: { tokens: readonly ApiToken[] }) {
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  if (!tokens.length) {
    return (
      <Text size="sm" c="dimmed">
        No API tokens yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="api-token-list">
      {tokens.map((token) => (
        <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
      ))}
      <RevokeModal token={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const formatTime = useFormatTime();
  const expired = token.expires_at !== null && new Date(token.expires_at).getTime() <= Date.now();
  return (
    <Card withBorder radius="md" padding="sm" data-testid="api-token">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Text>
            <Badge size="sm" variant="light" color={token.scope === 'read' ? 'blue' : 'orange'}>
              {token.scope === 'read' ? 'Read only' : 'Read and write'}
            </Badge>
            {expired && (
              <Badge size="sm" variant="filled" color="red">
                Expired
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            Created {formatTime(token.created_at, 'day-time')} · Last used{' '}
            {token.last_used_at ? formatTime(token.last_used_at, 'day-time') : 'never'}
          </Text>
          <Text size="xs" c="dimmed">
            {token.expires_at
              ? `${expired ? 'Expired' : 'Expires'} ${formatTime(token.expires_at, 'day-time')}`
              : 'No expiry'}
          </Text>
        </Stack>
        <Button size="xs" color="red" variant="subtle" onClick={onRevoke} aria-label={`Revoke ${token.name}`}>
          Revoke
        </Button>
      </Group>
    </Card>
  );
}

function RevokeModal({ token, onClose }: { token: ApiToken | null; onClose: () => void }) {
  const revoke = useRevokeApiToken({ onSuccess: () => onClose() });
  return (
    <Modal opened={token !== null} onClose={onClose} title="Revoke API token" centered>
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Revoke “{token?.name}”? Scripts using it are refused from now on. This cannot be undone.
        </Text>
        {revoke.isError && (
          <Text size="sm" c="red">
            {errorMessage(revoke.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={revoke.isPending} onClick={() => token && revoke.mutate(token.id)}>
            Revoke token
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

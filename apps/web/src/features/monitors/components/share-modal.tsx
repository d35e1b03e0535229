import { Button, Center, CopyButton, Group, Loader, Modal, Text, TextInput } from '@mantine/core';
import { getRuntimeConfig } from '@/config/runtime-config';
import { useMonitorDetailPlan } from '../hooks/use-monitor-detail-plan';
import { BadgeSnippets } from './badge-snippets';

/** The public link of a monitor: {dashboard}/symlink/{token} (spec §2). */
export function shareUrl(token: string): string {
  return `${getRuntimeConfig().dashboardUrl.replace(/\/+$/, '')}/symlink/${token}`;
}

type ShareModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The monitor's share token; undefined while it loads (the list holds no tokens). */
  token: string | undefined;
  /** The token could not be loaded. */
  failed?: boolean;
  /** The monitor has a TLS certificate, so its certificate badge is offered. */
  certificate?: boolean;
};

/** The Share popup: the monitor's public link and its badges' snippets, each with a copy button. */
export function ShareModal({ opened, onClose, token, failed = false, certificate = false }: ShareModalProps) {
  // The badges' periods follow the plan's history; without an active plan the server shows none (0 days).
  const plan = useMonitorDetailPlan(opened).data;
  const historyDays = plan === undefined ? undefined : (plan?.historyDays ?? 0);
  return (
    <Modal opened={opened} onClose={onClose} title="Share" centered>
      <Text size="sm" c="dimmed" mb="sm">
        Anyone with this link can see this monitor without signing in.
      </Text>
      {token === undefined && failed ? (
        <Text size="sm" c="red">
          The link could not be loaded.
        </Text>
      ) : token === undefined ? (
        <Center py="sm">
          <Loader size="sm" aria-label="Loading" />
        </Center>
      ) : (
        <>
          <ShareLink url={shareUrl(token)} />
          {historyDays === undefined ? (
            <Center py="sm">
              <Loader size="sm" aria-label="Loading badges" />
            </Center>
          ) : (
            <BadgeSnippets token={token} link={shareUrl(token)} historyDays={historyDays} certificate={certificate} />
          )}
        </>
      )}
    </Modal>
  );
}

function ShareLink({ url }: { url: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <TextInput
        value={url}
        readOnly
        aria-label="Share link"
        style={{ flex: 1 }}
        onFocus={(e) => e.currentTarget.select()}
      />
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Button color={copied ? 'teal' : undefined} onClick={copy} w={96}>
            {copied ? 'Copied!' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

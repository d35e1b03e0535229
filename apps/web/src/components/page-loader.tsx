import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred spinner for lazy screens and calls that block a whole page. */
export function PageLoader({ label }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader />
        {label && (
          <Text c="dimmed" size="sm">
            {label}
          </Text>
        )}
      </Stack>
    </Center>
  );
}

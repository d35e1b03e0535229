import { Group, Text, ThemeIcon } from '@mantine/core';
import { PulseIcon } from '@/components/icons';
import { useRuntimeConfig } from '@/config/runtime-config';

/** The product mark: an icon and the product name from the runtime configuration. */
export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const { productName } = useRuntimeConfig();
  const large = size === 'lg';
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={large ? 38 : 32} radius="md" variant="filled">
        <PulseIcon size={large ? 22 : 18} strokeWidth={2.4} />
      </ThemeIcon>
      <Text fw={700} fz={large ? 24 : 20} lh={1} c="dark.7" style={{ letterSpacing: '-0.02em' }}>
        {productName}
      </Text>
    </Group>
  );
}

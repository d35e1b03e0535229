import { Group, Text, ThemeIcon } from '@mantine/core';
import { PulseIcon } from '@/components/icons';
import { useRuntimeConfig } from '@/config/runtime-config';

type LogoProps = {
  size?: 'md' | 'lg';
  /** Hide the name on phones, where the header has no room for it. */
  compact?: boolean;
};

/** The product mark: an icon and the product name from the runtime configuration. */
export function Logo({ size = 'md', compact = false }: LogoProps) {
  const { productName } = useRuntimeConfig();
  const large = size === 'lg';
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={large ? 38 : 32} radius="md" variant="filled">
        <PulseIcon size={large ? 22 : 18} strokeWidth={2.4} />
      </ThemeIcon>
      <Text
        fw={700}
        fz={large ? 24 : 20}
        lh={1}
        c="bright"
        style={{ letterSpacing: '-0.02em' }}
        visibleFrom={compact ? 'xs' : undefined}
      >
        {productName}
      </Text>
    </Group>
  );
}

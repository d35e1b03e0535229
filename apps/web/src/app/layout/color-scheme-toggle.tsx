import { Center, type MantineColorScheme, SegmentedControl, useMantineColorScheme } from '@mantine/core';
import type { ReactNode } from 'react';
import { MonitorIcon, MoonIcon, SunIcon } from '@/components/icons';

const CHOICES: { value: MantineColorScheme; label: string; icon: ReactNode }[] = [
  { value: 'light', label: 'Light', icon: <SunIcon size={14} /> },
  { value: 'dark', label: 'Dark', icon: <MoonIcon size={14} /> },
  { value: 'auto', label: 'System', icon: <MonitorIcon size={14} /> },
];

/** Light, dark, or the system's choice (the default); Mantine's manager remembers it in localStorage. */
export function ColorSchemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <SegmentedControl
      aria-label="Theme"
      size="xs"
      fullWidth
      value={colorScheme}
      onChange={(value) => setColorScheme(value as MantineColorScheme)}
      data={CHOICES.map((choice) => ({
        value: choice.value,
        label: (
          <Center style={{ gap: 6 }}>
            {choice.icon}
            <span>{choice.label}</span>
          </Center>
        ),
      }))}
    />
  );
}

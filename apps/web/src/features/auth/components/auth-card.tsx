import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';

type AuthCardProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Shown under the card, e.g. a link to the other auth screen. */
  footer?: ReactNode;
};

/** The centred card every sign-in screen sits in. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <Center mih="100dvh" bg="var(--paydar-page-bg)" px="md" py="xl">
      <Stack w="100%" maw={420} gap="lg">
        <Center>
          <Box component={Link} to="/" aria-label="Home" style={{ textDecoration: 'none' }}>
            <Logo size="lg" />
          </Box>
        </Center>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', xs: 'xl' }}>
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={2} fz={24}>
                {title}
              </Title>
              {description && (
                <Text c="dimmed" size="sm">
                  {description}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer && (
          <Text ta="center" size="sm" c="dimmed">
            {footer}
          </Text>
        )}
      </Stack>
    </Center>
  );
}

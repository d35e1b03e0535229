import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function NotFoundRoute() {
  return (
    <Center mih="100dvh" px="md">
      <Stack align="center" gap="xs">
        <Title order={1} fz={96} lh={1} c="blue.6">
          404
        </Title>
        <Text fz="xl" fw={600}>
          Page Not Found!
        </Text>
        <Button component={Link} to="/" mt="md" variant="light">
          Go Home Page
        </Button>
      </Stack>
    </Center>
  );
}

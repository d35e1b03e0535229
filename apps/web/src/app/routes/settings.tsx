import { Container, Title } from '@mantine/core';

/** /settings: the Alert Center; its channels and history arrive with the alerts screens. */
export default function SettingsRoute() {
  return (
    <Container size="lg" px={0}>
      <Title order={1} fz={26}>
        Alert Center
      </Title>
    </Container>
  );
}

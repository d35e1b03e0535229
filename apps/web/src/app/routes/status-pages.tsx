import { Container } from '@mantine/core';
import { StatusPagesPage } from '@/features/status-pages/components/status-pages-page';
import { useReadOnlyReason } from '@/lib/read-only';

/** /status_pages: the user's public status pages (issue 16). */
export default function StatusPagesRoute() {
  return (
    <Container size="lg" px={0}>
      <StatusPagesPage readOnly={useReadOnlyReason()} />
    </Container>
  );
}

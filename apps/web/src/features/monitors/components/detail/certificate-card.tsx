import { Badge, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { DEFAULT_CERTIFICATE_EXPIRY_DAYS, type MonitorCertificate } from '@paydar/contracts/certificate';
import { isCertificateUrgent } from '@paydar/domain/certificate-expiry';
import type { ReactNode } from 'react';
import { useFormatTime } from '@/lib/time-settings';
import { SectionCard } from '../sections/section-card';

type CertificateCardProps = {
  certificate: MonitorCertificate;
  /** The monitor's warning thresholds (a shared view does not get them: the defaults then). */
  thresholds?: readonly number[];
};

/** 'Expires in 12 days', 'Expires today', 'Expired 3 days ago'. */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft > 1) return `Expires in ${daysLeft} days`;
  if (daysLeft === 1) return 'Expires in 1 day';
  if (daysLeft === 0) return 'Expires within a day';
  return daysLeft === -1 ? 'Expired 1 day ago' : `Expired ${-daysLeft} days ago`;
}

/** How the days left read: expired, under the smallest threshold (warned), or fine. */
export function certificateUrgency(daysLeft: number, thresholds: readonly number[]): 'expired' | 'warning' | 'ok' {
  if (daysLeft < 0) return 'expired';
  return isCertificateUrgent(daysLeft, thresholds) ? 'warning' : 'ok';
}

const URGENCY_COLORS = { expired: 'red', warning: 'orange', ok: 'teal' } as const;

/**
 * Issue 17: the TLS certificate the latest HTTPS check saw — who it was issued to and by, the
 * names it covers, when it is valid, and the days left, in a warning colour under the smallest
 * threshold the monitor warns at.
 */
export function CertificateCard({ certificate, thresholds = DEFAULT_CERTIFICATE_EXPIRY_DAYS }: CertificateCardProps) {
  const format = useFormatTime();
  // Certificates span years: the year with the day, then the time.
  const dated = (instant: string) => `${format(instant, 'day')}, ${format(instant, 'hour-minute')}`;
  const urgency = certificateUrgency(certificate.days_left, thresholds);
  const issuer = [certificate.issuer, certificate.issuer_organization].filter(
    (name, index, all): name is string => Boolean(name) && all.indexOf(name) === index,
  );
  const subject = [certificate.subject, certificate.subject_organization].filter((name): name is string =>
    Boolean(name),
  );
  return (
    <SectionCard
      title="TLS certificate"
      testId="certificate-card"
      aside={
        <Badge color={URGENCY_COLORS[urgency]} variant="light" data-testid="certificate-days-left">
          {daysLeftText(certificate.days_left)}
        </Badge>
      }
    >
      <Stack gap="sm">
        {urgency !== 'ok' && (
          <Text size="sm" c={URGENCY_COLORS[urgency]} fw={500}>
            {urgency === 'expired'
              ? 'This certificate has expired: browsers refuse the site until it is renewed.'
              : `Renew it soon: fewer days are left than the smallest warning threshold (${Math.min(...thresholds)} ${Math.min(...thresholds) === 1 ? 'day' : 'days'}).`}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <Field label="Issued to">{subject.join(', ') || '—'}</Field>
          <Field label="Issued by">{issuer.join(', ') || '—'}</Field>
          <Field label="Valid from">{certificate.valid_from ? dated(certificate.valid_from) : '—'}</Field>
          <Field label="Valid until">{dated(certificate.valid_to)}</Field>
        </SimpleGrid>
        <Field label={`Names it covers (${certificate.sans.length})`}>
          {certificate.sans.length ? (
            <Group gap={4} mt={2}>
              {certificate.sans.map((name) => (
                <Code key={name} style={{ wordBreak: 'break-all' }}>
                  {name}
                </Code>
              ))}
            </Group>
          ) : (
            'None listed.'
          )}
        </Field>
        {certificate.fingerprint256 && (
          <Field label="SHA-256 fingerprint">
            <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }} component="span">
              {certificate.fingerprint256}
            </Text>
          </Field>
        )}
        <Text size="xs" c="dimmed">
          Seen for {certificate.host} by the check at {format(certificate.seen_at, 'day-time')}.
        </Text>
      </Stack>
    </SectionCard>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

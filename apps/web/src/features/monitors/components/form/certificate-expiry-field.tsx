import { TagsInput } from '@mantine/core';
import { CERTIFICATE_LIMITS } from '@paydar/contracts/certificate';
import type { MonitorForm } from '../../hooks/use-monitor-form';
import { sortedThresholds } from './certificate-expiry-values';

/**
 * "Certificate expiry warnings" (issue 17), for HTTPS monitors: the days before the certificate
 * expires at which the monitor's channels are told, once each per certificate. Errors under it.
 */
export function CertificateExpiryField({ form }: { form: MonitorForm }) {
  const days = form.values.certificate_expiry_days;
  return (
    <TagsInput
      label="Certificate expiry warnings"
      description={`Days before the TLS certificate expires to warn the alert channels, once each (${CERTIFICATE_LIMITS.days.min}–${CERTIFICATE_LIMITS.days.max}, at most ${CERTIFICATE_LIMITS.thresholds}). Press Enter after each.`}
      placeholder={days.length ? undefined : 'No warnings: add a number of days'}
      maxTags={CERTIFICATE_LIMITS.thresholds}
      clearable
      data-testid="certificate-expiry-days"
      {...form.getInputProps('certificate_expiry_days')}
      // Kept largest first, as the server keeps them; what is not a number stays where it was typed, at the end.
      onChange={(tags) => form.setFieldValue('certificate_expiry_days', sortedThresholds(tags))}
    />
  );
}

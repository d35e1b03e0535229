import type { MonitorCertificate } from '@paydar/contracts/certificate';
import { certificateDaysLeft } from '@paydar/domain/certificate-expiry';
import type { StoredCertificate } from './certificates.repository';

/** The kept certificate as the monitor's detail gives it; days left as of `now`. */
export function presentCertificate(row: StoredCertificate, now: Date): MonitorCertificate {
  return {
    host: row.host,
    issuer: row.issuerCn ?? row.issuerO,
    issuer_organization: row.issuerO,
    subject: row.subjectCn,
    subject_organization: row.subjectO,
    sans: row.sans,
    fingerprint256: row.fingerprint256,
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_to: row.validTo.toISOString(),
    days_left: certificateDaysLeft(row.validTo, now),
    seen_at: row.seenAt.toISOString(),
  };
}

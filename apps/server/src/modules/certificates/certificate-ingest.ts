import { type ReportedCertificate, reportedCertificate } from '@paydar/contracts/certificate';
import { certificateDaysLeft } from '@paydar/domain/certificate-expiry';
import type { Database } from '../../db/client';
import type { ProbeRecordInput } from '../ingest/probe-records.repository';
import { type SeenCertificate, saveSeenCertificates } from './certificates.repository';

/**
 * The certificate a check saw, when it reached an HTTPS final hop: `extra_info.url` is the final
 * hop's URL and `extra_info.tls` that hop's certificate (a redirect from https to http leaves no
 * certificate of the final hop, so none is taken). What does not parse is skipped: it never
 * refuses a result that was stored.
 */
export function certificateOf(record: ProbeRecordInput): SeenCertificate | undefined {
  const { url, tls } = record.extraInfo;
  if (typeof url !== 'string' || !url.startsWith('https://')) return undefined;
  const parsed = reportedCertificate.safeParse(tls);
  if (!parsed.success) return undefined;
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return undefined;
  }
  const certificate = parsed.data;
  return {
    monitorId: record.monitorId,
    key: certificateKey(certificate),
    host,
    certificate,
    seenAt: record.time,
    daysLeft: certificateDaysLeft(certificate.valid_to, record.time),
  };
}

/** Which certificate it is: its fingerprint, or what an older agent reports of it. */
function certificateKey(certificate: ReportedCertificate): string {
  if (certificate.fingerprint256) return `sha256:${certificate.fingerprint256}`;
  const { valid_to, serial, issuer_cn, subject_cn } = certificate;
  return `names:${valid_to}|${serial ?? ''}|${issuer_cn ?? ''}|${subject_cn ?? ''}`;
}

/**
 * Keeps the latest certificate of each monitor among the batch's new records and records the
 * expiry warnings due (modules/certificates README). One statement, none when the batch holds no
 * HTTPS result. Returns how many warning events it wrote. Call in the ingest transaction, with
 * the records judged (those inside a maintenance window wait for the first check after it).
 */
export async function applyCertificates(db: Database, records: readonly ProbeRecordInput[]): Promise<number> {
  const latest = new Map<number, SeenCertificate>();
  for (const record of records) {
    const seen = certificateOf(record);
    if (!seen) continue;
    const kept = latest.get(seen.monitorId);
    if (!kept || kept.seenAt < seen.seenAt) latest.set(seen.monitorId, seen);
  }
  if (!latest.size) return 0;
  return saveSeenCertificates(
    db,
    [...latest.values()].sort((a, b) => a.monitorId - b.monitorId),
  );
}

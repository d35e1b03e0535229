import type { PeerCertificate } from 'node:tls';
import { CERTIFICATE_LIMITS } from '@paydar/contracts/certificate';

/**
 * What an HTTPS check reports of the certificate its hop was given (`extra_info.tls`), read from
 * the TLS socket after the handshake — also when the certificate did not verify, since the check
 * checks the chain itself after the handshake (connect.ts). The names come from the target and may
 * hold anything; finalizeResult cleans them like every result field.
 */
export function describeCertificate(cert: PeerCertificate, protocol: string | null): Record<string, unknown> {
  const iso = (text: string | undefined) => {
    const time = text ? Date.parse(text) : Number.NaN;
    return Number.isFinite(time) ? new Date(time).toISOString() : null;
  };
  return {
    valid_from: iso(cert.valid_from),
    valid_to: iso(cert.valid_to),
    issuer_cn: firstOf(cert.issuer?.CN),
    issuer_o: firstOf(cert.issuer?.O),
    subject_cn: firstOf(cert.subject?.CN),
    subject_o: firstOf(cert.subject?.O),
    sans: subjectAltNames(cert.subjectaltname),
    fingerprint256: cert.fingerprint256 || null,
    serial: cert.serialNumber || null,
    protocol,
  };
}

/** A name Node gives as an array when the certificate repeats the attribute: the first one. */
function firstOf(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text ? text.slice(0, CERTIFICATE_LIMITS.nameLength) : null;
}

/**
 * Node's `subjectaltname` ('DNS:a.example, DNS:b.example, IP Address:127.0.0.1') as a list, at
 * most CERTIFICATE_LIMITS.sans entries. A name holding ", " is split there, which only a
 * certificate made to confuse would have.
 */
export function subjectAltNames(text: string | undefined): string[] {
  if (!text) return [];
  const names: string[] = [];
  for (const part of text.split(', ')) {
    const name = part.trim();
    if (!name) continue;
    names.push(name.slice(0, CERTIFICATE_LIMITS.nameLength));
    if (names.length >= CERTIFICATE_LIMITS.sans) break;
  }
  return names;
}

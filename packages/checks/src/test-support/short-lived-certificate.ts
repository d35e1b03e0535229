import { createServer as createHttpsServer } from 'node:https';
import { generate } from 'selfsigned';
import { listen } from './servers';

/** A certificate made for one test: PEM key and certificate. */
export interface TestCertificate {
  key: string;
  cert: string;
}

export interface CertificateOptions {
  validTo: Date;
  /** Default: a day before now. */
  validFrom?: Date;
  commonName?: string;
  organization?: string;
  /** DNS names; 127.0.0.1 is always added as an IP address name. Default: localhost. */
  dnsNames?: string[];
}

/**
 * A self-signed certificate valid until `validTo` (days or seconds from now), made in the test
 * with `selfsigned` (Node's own crypto underneath), so expiry tests need no fixture that ages.
 * EC P-256: fast to make.
 */
export async function makeCertificate(options: CertificateOptions): Promise<TestCertificate> {
  const dnsNames = options.dnsNames ?? ['localhost'];
  const pems = await generate(
    [
      { name: 'commonName', value: options.commonName ?? 'localhost' },
      { name: 'organizationName', value: options.organization ?? 'Paydar Short-Lived' },
    ],
    {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notBeforeDate: options.validFrom ?? new Date(Date.now() - 86_400_000),
      notAfterDate: options.validTo,
      extensions: [
        { name: 'basicConstraints', cA: false },
        {
          name: 'subjectAltName',
          altNames: [...dnsNames.map((value) => ({ type: 2 as const, value })), { type: 7 as const, ip: '127.0.0.1' }],
        },
      ],
    },
  );
  return { key: pems.private, cert: pems.cert };
}

/**
 * An HTTPS server on 127.0.0.1 answering 200 "ok" with `certificate`; `renew` swaps in another
 * certificate for the connections after it, as a renewal on a real host does.
 */
export async function startCertificateServer(certificate: TestCertificate) {
  const server = createHttpsServer(certificate, (_req, res) => res.end('ok'));
  const listening = await listen(server);
  return { ...listening, renew: (next: TestCertificate) => server.setSecureContext(next) };
}

import { checkResult } from '@paydar/contracts/agent';
import { CERTIFICATE_LIMITS, reportedCertificate } from '@paydar/contracts/certificate';
import { describe, expect, it } from 'vitest';
import { subjectAltNames } from './certificate';
import { runCheck } from './check';
import { checkOptions, httpSpec, startHttpServer } from './test-support/servers';
import { makeCertificate, startCertificateServer } from './test-support/short-lived-certificate';

const DAY = 86_400_000;

describe('the certificate an HTTPS check reports', () => {
  it('names issuer, subject, SANs, dates and fingerprint of a short-lived certificate made here', async () => {
    const validTo = new Date(Math.floor((Date.now() + 5 * DAY) / 1000) * 1000);
    const certificate = await makeCertificate({
      validTo,
      commonName: 'shop.localhost',
      organization: 'Short Lived Org',
      dnsNames: ['localhost', 'shop.localhost'],
    });
    const server = await startCertificateServer(certificate);
    const result = await runCheck(httpSpec(`https://localhost:${server.port}/`), checkOptions);
    await server.close();
    // Self-signed: the check fails, and still says what the certificate is.
    expect(result.error).toBe('self-signed certificate');
    const tls = reportedCertificate.parse(result.extra_info.tls);
    expect(tls).toMatchObject({
      valid_to: validTo.toISOString(),
      issuer_cn: 'shop.localhost',
      issuer_o: 'Short Lived Org',
      subject_cn: 'shop.localhost',
      subject_o: 'Short Lived Org',
      sans: ['DNS:localhost', 'DNS:shop.localhost', 'IP Address:127.0.0.1'],
    });
    expect(tls.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(tls.serial).toMatch(/^[0-9A-F]+$/);
    expect(checkResult.safeParse(result).success).toBe(true);
  });

  it('reports the certificate of the final hop after a redirect between two HTTPS servers', async () => {
    const second = await startCertificateServer(
      await makeCertificate({ validTo: new Date(Date.now() + 40 * DAY), commonName: 'second' }),
    );
    const first = await startHttpServer((_req, res) => {
      res.writeHead(302, { location: `https://localhost:${second.port}/` });
      res.end();
    });
    const result = await runCheck(httpSpec(`http://localhost:${first.port}/`), checkOptions);
    await first.close();
    await second.close();
    expect(result.extra_info.url).toBe(`https://localhost:${second.port}/`);
    expect(result.extra_info.tls).toMatchObject({ subject_cn: 'second' });
  });

  it('keeps at most 50 SANs of a certificate that lists more, each name bounded', () => {
    const many = Array.from({ length: 300 }, (_, i) => `DNS:host-${i}.example`).join(', ');
    const names = subjectAltNames(many);
    expect(names).toHaveLength(CERTIFICATE_LIMITS.sans);
    expect(names[0]).toBe('DNS:host-0.example');
    expect(subjectAltNames(`DNS:${'a'.repeat(5000)}`)[0]).toHaveLength(CERTIFICATE_LIMITS.nameLength);
    expect(subjectAltNames(undefined)).toEqual([]);
  });
});

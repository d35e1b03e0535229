import { describe, expect, it } from 'vitest';
import { DEMO_MONITORS, type DemoMonitorSpec } from './demo.catalogue';
import { demoCertificateAt } from './demo-certificates';

const DAY = 86_400_000;
const specWhere = (test: (spec: DemoMonitorSpec) => boolean): DemoMonitorSpec => {
  const spec = DEMO_MONITORS.find(test);
  if (!spec) throw new Error('the catalogue has no such monitor');
  return spec;
};
const shop = { id: 1, spec: specWhere((spec) => Boolean(spec.url?.startsWith('https://'))) };
const plain = { id: 2, spec: specWhere((spec) => spec.protocolType !== 'HTTP') };

describe('the demo’s certificates', () => {
  it('are Let’s Encrypt-shaped: 90 days long, renewed every 60, so 30 to 90 days are always left', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    const seen = new Set<string>();
    for (let at = start; at < start + 400 * DAY; at += 7 * 3_600_000) {
      const certificate = demoCertificateAt(shop, at);
      expect(certificate).not.toBeNull();
      if (!certificate) continue;
      expect(certificate.validTo - certificate.validFrom).toBe(90 * DAY);
      expect(certificate.validFrom).toBeLessThanOrEqual(at);
      expect(certificate.validTo - at).toBeGreaterThan(30 * DAY - 1);
      seen.add(certificate.fingerprint256);
    }
    // 400 days hold six or seven renewals, each a certificate of its own.
    expect(seen.size).toBeGreaterThanOrEqual(6);
    expect(seen.size).toBeLessThanOrEqual(8);
  });

  it('depend on the time alone, and only HTTPS monitors have one', () => {
    const at = Date.parse('2026-11-27T08:00:00Z');
    expect(demoCertificateAt(shop, at)).toEqual(demoCertificateAt(shop, at));
    expect(demoCertificateAt(shop, at)?.host).toBe(new URL(shop.spec.url ?? '').hostname);
    expect(demoCertificateAt(plain, at)).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../../test/factories';
import type { TestServer } from '../../../test/harness';
import { monitorCertificates } from '../../db/schema/index';
import { createMonitor, httpMonitorBody, monitorRequest, startMonitorApi } from '../monitors/monitors.test-support';
import { certificateDaysLeftByMonitor } from './certificate-days';

let server: TestServer;
let localProberId: number;
beforeAll(async () => {
  ({ server, localProberId } = await startMonitorApi());
});
afterAll(() => server.close());

const body = (overrides: Record<string, unknown> = {}) => httpMonitorBody(localProberId, overrides);
const patch = (user: BuiltUser, id: number, payload: object) =>
  server.app.inject({ method: 'PATCH', url: `/api/v1/monitors/${id}/`, headers: user.headers, payload });

describe('certificate_expiry_days of a monitor', () => {
  it('is 30, 14, 7 and 1 by default; set on create largest first; kept by an edit leaving it out; changed by PATCH', async () => {
    const user = await buildUser(server);
    const plain = await createMonitor(server, user, body());
    expect(plain.json()).toMatchObject({ certificate_expiry_days: [30, 14, 7, 1], certificate: null });

    const created = await createMonitor(server, user, body({ certificate_expiry_days: [3, 60, 10] }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(created.json().certificate_expiry_days).toEqual([60, 10, 3]);
    const kept = await monitorRequest(server, user, 'PUT', id, body({ alias: 'renamed' }));
    expect(kept.json().certificate_expiry_days).toEqual([60, 10, 3]);
    const patched = await patch(user, id, { certificate_expiry_days: [] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().certificate_expiry_days).toEqual([]);
  });

  it.each([
    [[0], 'Enter whole numbers of days from 1 to 365.'],
    [[366], 'Enter whole numbers of days from 1 to 365.'],
    [[1e308], 'Enter whole numbers of days from 1 to 365.'],
    [[7.5], 'Enter whole numbers of days from 1 to 365.'],
    [['7'], 'Enter whole numbers of days from 1 to 365.'],
    [[1, 2, 3, 4, 5, 6, 7], 'Choose at most 6 thresholds.'],
    [[7, 7], 'Each threshold may appear once.'],
    ['30\u0000', 'Must not contain NUL characters.'],
  ])('refuses %j naming the field', async (days, message) => {
    const user = await buildUser(server);
    const response = await createMonitor(server, user, body({ certificate_expiry_days: days }));
    expect(response.statusCode, response.body).toBe(400);
    const errors = response.json() as Record<string, string[]>;
    const field = Object.keys(errors).find((key) => key.startsWith('certificate_expiry_days'));
    expect(field, response.body).toBeDefined();
    expect(errors[field as string]).toContain(message);
  });

  it('gives the kept certificate with its days left in the detail, and never to another user', async () => {
    const owner = await buildUser(server);
    const id = (await createMonitor(server, owner, body())).json().id as number;
    const validTo = new Date(server.context.now().getTime() + 9.5 * 86_400_000);
    await server.context.db.insert(monitorCertificates).values({
      monitorId: id,
      certificateKey: 'sha256:AA',
      host: 'example.test',
      issuerCn: null,
      issuerO: 'Example CA <b>',
      subjectCn: 'example.test',
      subjectO: null,
      sans: ['DNS:example.test', 'DNS:www.example.test'],
      fingerprint256: 'AA',
      validFrom: new Date('2026-01-01T00:00:00Z'),
      validTo,
      seenAt: new Date(),
    });
    const detail = await monitorRequest(server, owner, 'GET', id);
    expect(detail.json().certificate).toEqual({
      host: 'example.test',
      issuer: 'Example CA <b>',
      issuer_organization: 'Example CA <b>',
      subject: 'example.test',
      subject_organization: null,
      sans: ['DNS:example.test', 'DNS:www.example.test'],
      fingerprint256: 'AA',
      valid_from: '2026-01-01T00:00:00.000Z',
      valid_to: validTo.toISOString(),
      days_left: 9,
      seen_at: expect.any(String),
    });
    const stranger = await buildUser(server);
    // The Prometheus export's figures: the owner's monitors only.
    expect(await certificateDaysLeftByMonitor(server.context.db, owner.id, server.context.now())).toEqual([
      { monitorId: id, host: 'example.test', daysLeft: 9 },
    ]);
    expect(await certificateDaysLeftByMonitor(server.context.db, stranger.id, server.context.now())).toEqual([]);
    expect((await monitorRequest(server, stranger, 'GET', id)).statusCode).toBe(404);
    expect((await patch(stranger, id, { certificate_expiry_days: [5] })).statusCode).toBe(404);
    expect((await monitorRequest(server, owner, 'GET', id)).json().certificate_expiry_days).toEqual([30, 14, 7, 1]);
  });
});

import { runCheck } from '@paydar/checks/check';
import {
  makeCertificate,
  startCertificateServer,
  type TestCertificate,
} from '@paydar/checks/test-support/short-lived-certificate';
import type { CheckResult } from '@paydar/contracts/agent';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postResults } from '../../../test/check-results';
import { eventually } from '../../../test/eventually';
import { startReplica, type TestServer } from '../../../test/harness';
import { dispatchPendingEvents } from '../alerts/alert-dispatch.service';
import {
  type AlertWorld,
  allChannelRefs,
  buildAlertOwner,
  notificationRows,
  startAlertWorld,
} from '../alerts/alerts.test-support';

/**
 * Certificate expiry end to end: a local TLS server with a short-lived certificate made here,
 * real HTTPS checks of it, their results posted through the agent API as probers send them,
 * judged by the real ingest and sent by the real dispatch to the webhook fake. Days pass by
 * moving the services' clock and sending the check's result again at the new time.
 */

const DAY = 86_400_000;
let world: AlertWorld;
beforeAll(async () => {
  world = await startAlertWorld();
});
afterAll(async () => {
  await world.stop();
});

let ownerCount = 0;

/** An owner with a verified email and webhook, and an HTTPS monitor of `url` on probers A and B. */
async function certificateMonitor(url: string, extra: Record<string, unknown> = {}) {
  ownerCount += 1;
  const channels = {
    emails: [{ value: `cert-${ownerCount}@example.test`, is_verified: true }],
    webhooks: [{ value: `${world.webhooks.url}/cert-${ownerCount}`, is_verified: true }],
  };
  const owner = await buildAlertOwner(world, channels, { plan: 'Gold' });
  const response = await world.server.app.inject({
    method: 'POST',
    url: '/api/v1/monitors/',
    headers: owner.headers,
    payload: {
      protocol_type: 'HTTP',
      url,
      alias: `cert-${ownerCount}`,
      period: 300,
      apdex: 0.5,
      probers: [world.probers.A?.id, world.probers.B?.id],
      alert: allChannelRefs(channels),
      ...extra,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { owner, monitor: response.json() as { id: number; url: string }, webhookPath: `/cert-${ownerCount}` };
}

/** One real HTTPS check of the monitor's target (self-signed here, so it fails, and still names the certificate). */
async function realCheck(monitor: { id: number; url: string }): Promise<CheckResult> {
  const result = await runCheck(
    {
      monitor_id: monitor.id,
      protocol: 'HTTP',
      target: monitor.url,
      period_seconds: 300,
      timeout_ms: 5000,
      http: { method: 'GET', headers: [], body: null, max_redirects: 0 },
    },
    { scheduledAt: new Date(), allowPrivateTargets: true },
  );
  expect(result.extra_info.tls).toBeTruthy();
  return result;
}

/** The check's result as `prober` sends it `daysLater` days after now (the servers' clocks moved there). */
async function postLater(server: TestServer, prober: string, result: CheckResult, daysLater: number) {
  server.clock.offsetMs = daysLater * DAY;
  const time = new Date(Date.now() + daysLater * DAY).toISOString();
  const response = await postResults(server, world.probers[prober]?.key, [{ ...result, time }]);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { accepted: number };
}

async function warnings(monitorId: number) {
  const result = await world.server.context.db.execute<{ days_left: number; threshold_days: number }>(
    sql`SELECT (certificate->>'daysLeft')::int AS days_left, (certificate->>'thresholdDays')::int AS threshold_days
      FROM monitor_events WHERE monitor_id = ${monitorId} AND kind = 'certificate_expiry' ORDER BY id`,
  );
  return result.rows;
}

async function certificateNotifications(ownerId: number) {
  return (await notificationRows(world, ownerId)).filter((row) => row.kind === 'certificate_expiry');
}

const inDays = (days: number) => new Date(Date.now() + days * DAY);
let server: Awaited<ReturnType<typeof startCertificateServer>> | undefined;
async function serve(certificate: TestCertificate) {
  await server?.close();
  server = await startCertificateServer(certificate);
  return `https://localhost:${server.port}/`;
}
afterAll(async () => {
  await server?.close();
});

describe('certificate expiry warnings', () => {
  it('warns once per threshold as the days pass, never above the thresholds, through the monitor’s channels', async () => {
    const url = await serve(await makeCertificate({ validTo: inDays(45), dnsNames: ['localhost', 'www.localhost'] }));
    const { owner, monitor, webhookPath } = await certificateMonitor(url);
    const result = await realCheck(monitor);

    // 45 days left: above every threshold, nothing to say — but the detail shows the certificate.
    await postLater(world.server, 'A', result, 0);
    expect(await warnings(monitor.id)).toEqual([]);
    const detail = await world.server.app.inject({ url: `/api/v1/monitors/${monitor.id}/`, headers: owner.headers });
    expect(detail.json().certificate).toMatchObject({
      host: 'localhost',
      issuer: 'localhost',
      subject: 'localhost',
      subject_organization: 'Paydar Short-Lived',
      sans: ['DNS:localhost', 'DNS:www.localhost', 'IP Address:127.0.0.1'],
      days_left: 44,
    });
    expect(detail.json().certificate_expiry_days).toEqual([30, 14, 7, 1]);

    // Each day a check comes; a threshold warns the first time it is reached only.
    for (const day of [15, 16, 17, 30, 31, 32, 38, 39, 44, 44.5]) await postLater(world.server, 'A', result, day);
    expect(await warnings(monitor.id)).toEqual([
      { days_left: 29, threshold_days: 30 },
      { days_left: 14, threshold_days: 14 },
      { days_left: 6, threshold_days: 7 },
      { days_left: 0, threshold_days: 1 },
    ]);

    await dispatchPendingEvents(world.server.context);
    const rows = await eventually(async () => {
      const found = await certificateNotifications(owner.id);
      expect(found).toHaveLength(8);
      expect(found.every((row) => row.state === 'sent')).toBe(true);
      return found;
    });
    expect(rows.map((row) => row.notification_type).sort()).toEqual([
      ...Array(4).fill('email'),
      ...Array(4).fill('webhook'),
    ]);
    const hook = await world.webhooks.waitForRequest(
      (request) => request.path === webhookPath && request.body.includes('"threshold_days":7'),
    );
    expect(JSON.parse(hook.body)).toMatchObject({
      event: 'monitor.certificate_expiry',
      certificate: { host: 'localhost', days_left: 6, threshold_days: 7 },
    });
    expect(JSON.parse(hook.body).certificate.local_valid_to).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(Asia\/Tehran\)$/,
    );
    const address = `cert-${ownerCount}@example.test`;
    await world.server.inbox.waitFor(address, /CERTIFICATE EXPIRES/);
    await eventually(() => expect(world.server.inbox.countTo(address, /^\[Paydar\] CERTIFICATE EXPIRES: /)).toBe(4));
    world.server.clock.offsetMs = 0;
  });

  it('warns with the most urgent threshold only when several are reached at once, and a renewed certificate re-arms them', async () => {
    const url = await serve(await makeCertificate({ validTo: inDays(5) }));
    const { monitor, owner } = await certificateMonitor(url, { certificate_expiry_days: [3, 30, 7] });
    const first = await realCheck(monitor);
    await postLater(world.server, 'A', first, 0);
    expect(await warnings(monitor.id)).toEqual([{ days_left: 4, threshold_days: 7 }]);

    // Renewed, still short-lived: a new certificate, so its thresholds warn again.
    server?.renew(await makeCertificate({ validTo: inDays(20), commonName: 'renewed' }));
    const renewed = await realCheck(monitor);
    await postLater(world.server, 'B', renewed, 2);
    expect(await warnings(monitor.id)).toEqual([
      { days_left: 4, threshold_days: 7 },
      { days_left: 17, threshold_days: 30 },
    ]);
    // A late result of the old certificate (a prober's buffer, from before the renewal was seen)
    // would cross its 3 days; it was replaced, so it warns of nothing and replaces nothing.
    await postLater(world.server, 'A', first, 1.5);
    expect(await warnings(monitor.id)).toHaveLength(2);
    world.server.clock.offsetMs = 2 * DAY;
    const detail = await world.server.app.inject({ url: `/api/v1/monitors/${monitor.id}/`, headers: owner.headers });
    expect(detail.json().certificate).toMatchObject({ subject: 'renewed', days_left: 17 });
    expect(detail.json().certificate_expiry_days).toEqual([30, 7, 3]);
    world.server.clock.offsetMs = 0;
  });

  it('warns once when two replicas ingest the same crossing at the same time, and not again after a restart', async () => {
    const url = await serve(await makeCertificate({ validTo: inDays(3) }));
    const { owner, monitor } = await certificateMonitor(url, { certificate_expiry_days: [7] });
    const result = await realCheck(monitor);
    const replica = await startReplica(world.server);
    try {
      // Probers A and B report the same certificate at once, each to another replica; then both again.
      for (let round = 0; round < 3; round++) {
        const outcomes = await Promise.all([
          postLater(world.server, 'A', result, round * 0.1),
          postLater(replica, 'B', result, round * 0.1 + 0.001),
        ]);
        expect(outcomes.map((outcome) => outcome.accepted)).toEqual([1, 1]);
      }
      expect(await warnings(monitor.id)).toEqual([{ days_left: 2, threshold_days: 7 }]);
    } finally {
      await replica.close();
    }
    // A restarted replica: nothing in memory, the same database — the threshold is still told.
    const restarted = await startReplica(world.server);
    try {
      await postLater(restarted, 'B', result, 1);
      await dispatchPendingEvents(restarted.context);
    } finally {
      await restarted.close();
    }
    expect(await warnings(monitor.id)).toHaveLength(1);
    await dispatchPendingEvents(world.server.context);
    // One notification per channel. (Whether it went out is the alerts module's business: a replica
    // closed here may have been the one sending it.)
    await eventually(async () => {
      const rows = await certificateNotifications(owner.id);
      expect(rows.map((row) => row.notification_type).sort()).toEqual(['email', 'webhook']);
    });
    world.server.clock.offsetMs = 0;
  });
});

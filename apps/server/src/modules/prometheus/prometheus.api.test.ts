import { HOUR_MS, MINUTE_MS } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkResult, postResults } from '../../../test/check-results';
import { type BuiltUser, buildUser, callAs, setPlan } from '../../../test/factories';
import { parseScrape } from '../../../test/prometheus-scrape';
import { addResultsProber, createHttpMonitor } from '../../../test/results-prober';
import { useTestServer } from '../../../test/use-test-server';
import { monitorCertificates } from '../../db/schema/index';
import { API_TOKENS_PATH } from '../api-tokens/api-tokens.routes';
import { bearer, createToken } from '../api-tokens/api-tokens.test-support';
import { createHeartbeat, ping } from '../heartbeats/heartbeats.test-support';
import { PROMETHEUS_PATH } from './prometheus.routes';

const server = useTestServer();

/** What a monitor's owner may call a monitor: quotes, a backslash, a newline and markup. */
const HOSTILE_ALIAS = 'Shop "main" \\ api\nline two </script><b>';

let owner: BuiltUser;
let stranger: BuiltUser;
let prober: { id: number; key: string };
let checked: number;
let paused: number;
let pending: number;
let strangers: number;
const start = Date.now();

const scrape = (headers: Record<string, string>) => server.app.inject({ method: 'GET', url: PROMETHEUS_PATH, headers });

beforeAll(async () => {
  [owner, stranger] = await Promise.all([buildUser(server), buildUser(server)]);
  await Promise.all([setPlan(server, owner.id, 'Gold'), setPlan(server, stranger.id, 'Gold')]);
  prober = await addResultsProber(server, 'Prom-Frankfurt');
  checked = (await createHttpMonitor(server, owner, [prober.id], { alias: 'shop' })).id;
  paused = (
    await createHttpMonitor(server, owner, [prober.id], {
      protocol_type: 'TCP',
      url: undefined,
      host: '93.184.216.34:443',
      is_enabled: false,
    })
  ).id;
  pending = (await createHttpMonitor(server, owner, [prober.id], { alias: 'never checked' })).id;
  strangers = (await createHttpMonitor(server, stranger, [prober.id], { alias: 'STRANGER-SECRET' })).id;
  // Stored as the owner typed it; the alias field's own rules are the monitors module's business.
  await server.context.db.execute(sql`UPDATE monitors SET alias = ${HOSTILE_ALIAS} WHERE id = ${checked}`);
  // Up, then two failures in a row (down with one prober), then up again from an hour before now.
  const results = [
    checkResult(checked, start - 3 * HOUR_MS, true),
    checkResult(checked, start - 150 * MINUTE_MS, false),
    checkResult(checked, start - 150 * MINUTE_MS + 15_000, false),
    // A recovery is confirmed by the round its first success opens: a second success.
    checkResult(checked, start - HOUR_MS, true, { response: 80, duration: 120 }),
    checkResult(checked, start - HOUR_MS + 15_000, true, { response: 80, duration: 120 }),
  ];
  for (const result of results) expect((await postResults(server, prober.key, [result])).statusCode).toBe(200);
  await postResults(server, prober.key, [checkResult(strangers, start - HOUR_MS, true)]);
});

describe('GET /api/v1/metrics/prometheus', () => {
  it("exposes the caller's monitors with the figures of their read models, as a real parser reads them", async () => {
    const { token } = await createToken(server, owner, { scope: 'read' });
    const response = await scrape(bearer(token));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const parsed = parseScrape(response.body);
    const shop = { monitor_id: String(checked), name: `HTTP:${HOSTILE_ALIAS}`, protocol: 'HTTP' };

    expect(parsed.value('paydar_monitor_up', shop)).toBe(1);
    expect(parsed.value('paydar_monitor_state', { ...shop, state: 'up' })).toBe(1);
    expect(
      parsed
        .samples('paydar_monitor_state', shop)
        .map((sample) => sample.labels?.state)
        .sort(),
    ).toEqual(['confirming', 'down', 'maintenance', 'paused', 'pending', 'up']);
    expect(parsed.value('paydar_monitor_state', { ...shop, state: 'down' })).toBe(0);

    // Uptime as the dashboard's rule has it: observed from the first check, less the downtime stored.
    const [downtime] = (
      await server.context.db.execute<{ from_time: string; to_time: string }>(
        sql`SELECT from_time, to_time FROM downtimes WHERE monitor_id = ${checked}`,
      )
    ).rows;
    const downSeconds = Math.round(
      (Date.parse(String(downtime?.to_time)) - Date.parse(String(downtime?.from_time))) / 1000,
    );
    expect(downSeconds).toBeGreaterThan(60 * 60);
    const uptime = parsed.value('paydar_monitor_uptime_24h_ratio', shop);
    const observed = (Date.now() - (start - 3 * HOUR_MS)) / 1000;
    expect(uptime).toBeCloseTo(1 - downSeconds / observed, 3);

    const atProber = { ...shop, prober: 'Prom-Frankfurt' };
    expect(parsed.value('paydar_monitor_checks_24h', atProber)).toBe(5);
    expect(parsed.value('paydar_monitor_failed_checks_24h', atProber)).toBe(2);
    // The latest hour with checks holds the two successes of an hour ago: its phases, in seconds.
    expect(parsed.value('paydar_monitor_response_time_seconds', { ...atProber, phase: 'response' })).toBeCloseTo(
      0.08,
      6,
    );
    expect(parsed.value('paydar_monitor_response_time_seconds', { ...atProber, phase: 'duration' })).toBeCloseTo(
      0.12,
      6,
    );
    expect(parsed.value('paydar_monitor_response_time_seconds', { ...atProber, phase: 'connect' })).toBeCloseTo(
      0.002,
      6,
    );
    expect(parsed.samples('paydar_monitor_response_time_seconds', { ...atProber, phase: 'tls' })).toEqual([]);
    expect(parsed.value('paydar_monitor_last_check_timestamp_seconds', shop)).toBeCloseTo(
      (start - HOUR_MS + 15_000) / 1000,
      0,
    );

    const tcp = { monitor_id: String(paused), protocol: 'TCP' };
    expect(parsed.value('paydar_monitor_state', { ...tcp, state: 'paused' })).toBe(1);
    expect(parsed.samples('paydar_monitor_up', tcp)).toEqual([]);
    const never = { monitor_id: String(pending), name: 'HTTP:never checked' };
    expect(parsed.value('paydar_monitor_state', { ...never, state: 'pending' })).toBe(1);
    expect(parsed.samples('paydar_monitor_up', never)).toEqual([]);
    expect(parsed.samples('paydar_monitor_uptime_24h_ratio', never)).toEqual([]);
  });

  it("gives each monitor's certificate days left, where a check reported one, and only the caller's", async () => {
    const kept = (monitorId: number, days: number) =>
      server.context.db.insert(monitorCertificates).values({
        monitorId,
        certificateKey: `sha256:${monitorId}`,
        host: 'shop.example.test',
        issuerCn: 'Test CA',
        issuerO: null,
        subjectCn: 'shop.example.test',
        subjectO: null,
        sans: ['DNS:shop.example.test'],
        fingerprint256: `${monitorId}`,
        validFrom: new Date(Date.now() - 30 * 24 * HOUR_MS),
        validTo: new Date(Date.now() + days * 24 * HOUR_MS),
        seenAt: new Date(),
      });
    await kept(checked, 9.5);
    await kept(strangers, 3.5);
    const { token } = await createToken(server, owner, { scope: 'read' });
    const parsed = parseScrape((await scrape(bearer(token))).body);
    const shop = { monitor_id: String(checked), protocol: 'HTTP' };
    expect(parsed.value('paydar_monitor_certificate_days_left', shop)).toBe(9);
    // No certificate kept: no sample rather than a made-up number.
    expect(parsed.samples('paydar_monitor_certificate_days_left', { monitor_id: String(pending) })).toEqual([]);
    expect(parsed.samples('paydar_monitor_certificate_days_left', { monitor_id: String(strangers) })).toEqual([]);
  });

  it("never shows another user's monitors", async () => {
    const { token } = await createToken(server, owner, { scope: 'read' });
    const body = (await scrape(bearer(token))).body;
    expect(body).not.toContain('STRANGER-SECRET');
    expect(body).not.toContain(`monitor_id="${strangers}"`);
    const theirs = parseScrape(
      (await scrape(bearer((await createToken(server, stranger, { scope: 'read' })).token))).body,
    );
    const ids = new Set(theirs.samples('paydar_monitor_state').map((sample) => sample.labels?.monitor_id));
    expect([...ids]).toEqual([String(strangers)]);
  });

  it('escapes hostile label values so the line format holds', async () => {
    const { token } = await createToken(server, owner, { scope: 'read' });
    const body = (await scrape(bearer(token))).body;
    expect(body).toContain(String.raw`name="HTTP:Shop \"main\" \\ api\nline two </script><b>"`);
    // Every sample stays on one line: no label value broke out of its quotes.
    for (const line of body.split('\n').filter((text) => text && !text.startsWith('#'))) {
      expect(line).toMatch(/^paydar_monitor_[a-z0-9_]+\{.*\} [-+0-9.e]+$/);
    }
  });

  it('takes a read or read_write token and a session key; refuses no credential, a revoked token and a bad one', async () => {
    const readWrite = await createToken(server, owner, { scope: 'read_write' });
    expect((await scrape(bearer(readWrite.token))).statusCode).toBe(200);
    expect((await callAs(server, owner, 'GET', PROMETHEUS_PATH)).statusCode).toBe(200);
    expect((await scrape({})).statusCode).toBe(401);
    expect((await scrape(bearer('pdr_not-a-token'))).statusCode).toBe(401);

    const revoked = await createToken(server, owner, { scope: 'read' });
    expect((await scrape(bearer(revoked.token))).statusCode).toBe(200);
    expect((await callAs(server, owner, 'DELETE', `${API_TOKENS_PATH}/${revoked.id}`)).statusCode).toBe(200);
    const refused = await scrape(bearer(revoked.token));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toHaveProperty('detail');
  });

  it('tells a monitor in maintenance apart: state maintenance, no up sample, and its maintenance time not counted down', async () => {
    const maintained = (await createHttpMonitor(server, owner, [prober.id], { alias: 'in maintenance' })).id;
    const now = Date.now();
    for (const at of [now - 40 * MINUTE_MS, now - 40 * MINUTE_MS + 15_000]) {
      expect((await postResults(server, prober.key, [checkResult(maintained, at, true)])).statusCode).toBe(200);
    }
    await server.context.db.execute(sql`
      INSERT INTO maintenance_spans (monitor_id, starts_at, ends_at)
      VALUES (${maintained}, now() - interval '30 minutes', now() + interval '30 minutes')`);
    const parsed = parseScrape((await callAs(server, owner, 'GET', PROMETHEUS_PATH)).body);
    const labels = { monitor_id: String(maintained) };
    expect(parsed.value('paydar_monitor_state', { ...labels, state: 'maintenance' })).toBe(1);
    expect(parsed.value('paydar_monitor_state', { ...labels, state: 'up' })).toBe(0);
    expect(parsed.samples('paydar_monitor_up', labels)).toEqual([]);
    expect(parsed.value('paydar_monitor_uptime_24h_ratio', labels)).toBe(1);
  });

  it("files a heartbeat's pings under the dashboard's prober name, not a deleted prober's stand-in", async () => {
    const pinged = await buildUser(server);
    await setPlan(server, pinged.id, 'Gold');
    const heartbeat = await createHeartbeat(server, pinged, { alias: 'backup' });
    expect((await ping(server, heartbeat.token)).statusCode).toBe(200);
    const parsed = parseScrape((await callAs(server, pinged, 'GET', PROMETHEUS_PATH)).body);
    const probers = parsed
      .samples('paydar_monitor_checks_24h', { monitor_id: String(heartbeat.id) })
      .map((sample) => sample.labels?.prober);
    expect(probers).toEqual(['Heartbeat pings']);
  });

  it('answers a user without monitors with an empty but valid scrape', async () => {
    const empty = await buildUser(server);
    const response = await callAs(server, empty, 'GET', PROMETHEUS_PATH);
    expect(response.statusCode).toBe(200);
    expect(parseScrape(response.body).samples('paydar_monitor_state')).toEqual([]);
  });
});

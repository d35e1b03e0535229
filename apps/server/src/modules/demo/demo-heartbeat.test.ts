import { describe, expect, it } from 'vitest';
import { lateReason } from '../heartbeats/lateness-sweep';
import { FAIL_REASON } from '../heartbeats/ping.service';
import { DEMO_HEARTBEAT } from './demo.test-support';
import { heartbeatChecksIn, heartbeatStateAt } from './demo-heartbeat';
import { downSpans } from './demo-incidents';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const start = Date.parse('2026-01-01T00:00:00Z');
const year = { from: start, to: start + 365 * DAY };

describe("the demo heartbeat's runs", () => {
  const checks = heartbeatChecksIn(DEMO_HEARTBEAT, year.from, year.to);
  const spans = downSpans(DEMO_HEARTBEAT, year.from, year.to);

  it('ping once an hour, a success lasting 0.3–6 s, longer in the busy hours than at night', () => {
    expect(checks).toHaveLength(365 * 24);
    const runtimes = checks.filter((check) => check.success).map((check) => check.durationMs);
    expect(Math.min(...runtimes)).toBeGreaterThanOrEqual(300);
    expect(Math.max(...runtimes)).toBeLessThanOrEqual(6_000);
    // Judged against its apdex of 2 s: most satisfied, some tolerating, none frustrated.
    const satisfied = runtimes.filter((runtime) => runtime <= 2_000).length / runtimes.length;
    expect(satisfied).toBeGreaterThan(0.7);
    expect(satisfied).toBeLessThan(1);
    // Tehran's midday (08:30 UTC) against its small hours (23:30 UTC).
    const meanAt = (utcHour: number) => {
      const at = checks.filter((check) => check.success && new Date(check.time).getUTCHours() === utcHour);
      return at.reduce((sum, check) => sum + check.durationMs, 0) / at.length;
    };
    expect(meanAt(8)).toBeGreaterThan(meanAt(23) + 1_000);
    for (const check of checks.filter((check) => check.success)) expect(check.responseMs).toBe(check.durationMs);
  });

  it('report a failure about every two weeks, and rarely miss a run; each is down until the next hour succeeds', () => {
    const failures = checks.filter((check) => !check.success);
    const reported = failures.filter((check) => check.error?.startsWith(`${FAIL_REASON} `));
    const late = failures.filter((check) => check.error === lateReason(3600, 300));
    expect(reported.length).toBeGreaterThan(365 / 14 / 2);
    expect(reported.length).toBeLessThan((365 / 14) * 2);
    expect(late.length).toBeGreaterThan(0);
    expect(late.length).toBeLessThan(reported.length);
    expect(reported.length + late.length).toBe(failures.length);
    for (const failure of failures) expect(failure.durationMs).toBe(0);

    expect(spans.map((span) => [span.from, span.reason])).toEqual(failures.map((check) => [check.time, check.error]));
    for (const span of spans) {
      expect(span.to - span.from).toBeGreaterThan(50 * MINUTE);
      expect(span.to - span.from).toBeLessThan(62 * MINUTE);
      // Up at the next success, a plain run.
      const next = checks.find((check) => check.time >= span.to);
      expect(next).toMatchObject({ time: span.to, success: true });
    }
  });

  it('are the same however the time is split', () => {
    const pieces = [];
    let from = year.from;
    for (let step = 1; from < year.to; step++) {
      // Pieces from a second to about three hours, cut anywhere.
      const to = Math.min(year.to, from + ((step * 7_919_183) % (3 * HOUR)) + 1_000);
      pieces.push(...heartbeatChecksIn(DEMO_HEARTBEAT, from, to));
      from = to;
    }
    expect(pieces).toEqual(checks);
  });

  it("leave the state a ping or the sweep would: the panel's last ping, expected-by, and nothing armed while down", () => {
    const [span] = spans;
    if (!span) throw new Error('a year without a downtime');
    const down = heartbeatStateAt(DEMO_HEARTBEAT, span.from + MINUTE);
    expect(down.deadline).toBeNull();
    expect(down.lastFiled?.kind).not.toBe('success');
    const up = heartbeatStateAt(DEMO_HEARTBEAT, span.to + 1);
    expect(up).toMatchObject({
      lastPing: { at: span.to, kind: 'success' },
      startedAt: null,
      deadline: span.to + 65 * MINUTE,
    });
    expect(up.lastPing?.note).toMatch(/^Synced \d+ invoices\.$/);
    // A run at work: its /start is the last ping, the deadline the success before it armed stays.
    const success = checks.find((check) => check.success && check.time > span.to + 2 * HOUR);
    if (!success) throw new Error('no success after the downtime');
    const working = heartbeatStateAt(DEMO_HEARTBEAT, success.time - 1);
    expect(working.lastPing).toMatchObject({ at: success.time - success.durationMs, kind: 'start', note: null });
    expect(working.startedAt).toBe(success.time - success.durationMs);
    expect(working.deadline).toBe(heartbeatStateAt(DEMO_HEARTBEAT, success.time - success.durationMs).deadline);
    expect(working.deadline).toBeGreaterThan(success.time);
  });
});

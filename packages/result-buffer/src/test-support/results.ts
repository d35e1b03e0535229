import type { CheckResult } from '@paydar/contracts/agent';

/** A result for monitor `monitorId` at second `n` past 2026-01-01. */
export const resultAt = (n: number, monitorId = 1): CheckResult => ({
  monitor_id: monitorId,
  time: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
  success: true,
  status_code: 200,
  error: null,
  phases: { resolve: 1, connect: 2, tls: null, response: 3, duration: 6 },
  extra_info: { address: '127.0.0.1' },
});

import { spawn } from 'node:child_process';
import type { CheckSpec } from '@paydar/contracts/agent';
import { resolveHost } from './connect';
import { CheckError, formatSeconds, ProberFault } from './errors';
import { type CheckContext, now, type ProtocolCheck } from './probe';

const OUTPUT_LIMIT = 2048;

/** The round-trip time of the one echo ("time=0.045 ms"), or null when no reply came. */
export function parsePingRtt(output: string): number | null {
  const match = /time[=<]([\d.]+) ?ms/.exec(output);
  return match?.[1] ? Number(match[1]) : null;
}

/** Turns ping's exit status and output into the short error a user sees. */
export function describePingFailure(exitCode: number | null, output: string, timeoutMs: number): string {
  if (/Network is unreachable/i.test(output)) return 'network unreachable';
  if (/No route to host|Destination Host Unreachable/i.test(output)) return 'no route to host';
  if (/Destination Net Unreachable/i.test(output)) return 'network unreachable';
  if (/Operation not permitted|Permission denied/i.test(output)) return 'ping is not permitted on this machine';
  if (/Name or service not known|Temporary failure in name resolution|unknown host/i.test(output))
    return 'unknown host';
  if (exitCode === 1) return `no reply within ${formatSeconds(timeoutMs)}`;
  const line = output
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.startsWith('ping:'));
  return line ?? `ping failed (exit ${exitCode})`;
}

function runPing(ctx: CheckContext, address: string, waitSeconds: number) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const args = ['-c', '1', '-n', '-W', String(waitSeconds), address];
    const child = spawn(ctx.pingPath, args, {
      signal: ctx.signal,
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      if (output.length < OUTPUT_LIMIT) output += chunk.toString('utf8');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') reject(new ProberFault('ping is not installed'));
      else if (err.name === 'AbortError') reject(ctx.signal.reason);
      else reject(err);
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

/**
 * ICMP: one echo request through the system `ping` (iputils), to the address resolved (and
 * guarded) here, so ping does no lookup of its own. response = the round trip ping reports;
 * duration = resolve + round trip.
 */
export const runIcmpCheck: ProtocolCheck<CheckSpec> = async (spec, ctx, probe) => {
  const started = now();
  const addresses = await resolveHost(spec.target.trim(), ctx, probe);
  const address = addresses[0] ?? '';
  probe.extra.address = address;
  const remainingMs = Math.max(1, ctx.timeoutMs - (now() - started));
  const { code, output } = await runPing(ctx, address, Math.round(remainingMs) / 1000);
  probe.extra.ping_output = output.trim().slice(0, OUTPUT_LIMIT);
  const rtt = code === 0 ? parsePingRtt(output) : null;
  if (rtt === null) throw new CheckError(describePingFailure(code, output, ctx.timeoutMs));
  probe.phases.response = rtt;
  probe.duration = Math.round(((probe.phases.resolve ?? 0) + rtt) * 1000) / 1000;
};

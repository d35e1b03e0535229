import type { CheckResult, CheckSpec, FailureClass } from '@paydar/contracts/agent';
import type { ProbedProtocolType } from '@paydar/contracts/monitors-options';
import { runDnsCheck } from './dns-check';
import { CheckError, describeError, failureClass, formatSeconds } from './errors';
import { runHttpCheck } from './http-check';
import { runIcmpCheck } from './icmp-check';
import { type CheckContext, newProbe, now, type ProtocolCheck, since } from './probe';
import { finalizeResult } from './result';
import { runTcpCheck } from './tcp-check';

export interface RunCheckOptions {
  /** The slot this run belongs to; it becomes the result's `time`. */
  scheduledAt: Date;
  /** Let checks connect to loopback, private, link-local and metadata addresses (tests, self-hosted installs). */
  allowPrivateTargets: boolean;
  /** Aborts the check; it then returns a failed result with error "aborted". */
  signal?: AbortSignal;
  /** The `ping` executable; default `ping` found on PATH (Debian's iputils-ping: /usr/bin/ping). */
  pingPath?: string;
}

/**
 * Why a check's signal is aborted once its result is decided: it only tells the protocol to let go
 * of what it still holds. One shared reason, since no one reads it — a new Error per check cost a
 * stack trace on every check.
 */
const FINISHED = new CheckError('finished');

const PROTOCOLS: Record<ProbedProtocolType, { run: ProtocolCheck<CheckSpec>; timeoutText: (ms: number) => string }> = {
  HTTP: { run: runHttpCheck, timeoutText: (ms) => `timeout after ${formatSeconds(ms)}` },
  TCP: { run: runTcpCheck, timeoutText: (ms) => `timeout after ${formatSeconds(ms)}` },
  ICMP: { run: runIcmpCheck, timeoutText: (ms) => `no reply within ${formatSeconds(ms)}` },
  DNS: { run: runDnsCheck, timeoutText: (ms) => `timeout after ${formatSeconds(ms)}` },
};

/**
 * Runs one check and returns its one result. Never throws: every failure — refused target,
 * timeout, abort, a bug — is a result with success=false and a short human error. What the
 * target sent is cleaned to the agent API's bounds (finalizeResult) for every protocol.
 */
export async function runCheck(spec: CheckSpec, options: RunCheckOptions): Promise<CheckResult> {
  const start = now();
  const probe = newProbe();
  const protocol = PROTOCOLS[spec.protocol];
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new CheckError(protocol?.timeoutText(spec.timeout_ms) ?? 'timeout')),
    spec.timeout_ms,
  );
  const abortFromCaller = () => deadline.abort(new CheckError('aborted'));
  options.signal?.addEventListener('abort', abortFromCaller, { once: true });
  if (options.signal?.aborted) abortFromCaller();
  const ctx: CheckContext = {
    signal: deadline.signal,
    timeoutMs: spec.timeout_ms,
    allowPrivateTargets: options.allowPrivateTargets,
    pingPath: options.pingPath ?? 'ping',
  };

  let error: string | null = null;
  let failure: FailureClass | null = null;
  try {
    if (!protocol) throw new CheckError(`unsupported protocol ${String(spec.protocol)}`);
    if (ctx.signal.aborted) throw ctx.signal.reason;
    // The race makes the deadline hold even if a protocol forgets to listen to the signal.
    await Promise.race([
      protocol.run(spec, ctx, probe),
      new Promise<never>((_, reject) =>
        deadline.signal.addEventListener('abort', () => reject(deadline.signal.reason)),
      ),
    ]);
  } catch (err) {
    error = describeError(err);
    failure = failureClass(err);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
    // Releases whatever a protocol still holds (sockets, a ping child) once the result is decided.
    if (!deadline.signal.aborted) deadline.abort(FINISHED);
  }

  return finalizeResult({
    monitor_id: spec.monitor_id,
    time: options.scheduledAt.toISOString(),
    success: error === null,
    status_code: probe.statusCode,
    error,
    phases: { ...probe.phases, duration: probe.duration ?? since(start) },
    extra_info: probe.extra,
    failure_class: failure,
  });
}

import { performance } from 'node:perf_hooks';

/** What every protocol check gets: the deadline as a signal, and the guard setting. */
export interface CheckContext {
  /** Aborts at the check's timeout (reason: a CheckError with the text to report) or when the caller aborts. */
  signal: AbortSignal;
  timeoutMs: number;
  allowPrivateTargets: boolean;
  /** The `ping` executable (a path, or a name looked up on PATH). */
  pingPath: string;
}

export type PhaseName = 'resolve' | 'connect' | 'tls' | 'response';

/**
 * What a protocol check fills in as it goes. It throws on failure; whatever it measured before
 * the failure (a completed TLS handshake, the status code) stays and is reported.
 */
export interface Probe {
  phases: Record<PhaseName, number | null>;
  statusCode: number | null;
  /** Set by a check whose total is not the wall time (ICMP: resolve + the round trip ping reports). */
  duration: number | null;
  extra: Record<string, unknown>;
}

export type ProtocolCheck<S> = (spec: S, ctx: CheckContext, probe: Probe) => Promise<void>;

export function newProbe(): Probe {
  return {
    phases: { resolve: null, connect: null, tls: null, response: null },
    statusCode: null,
    duration: null,
    extra: {},
  };
}

/** A monotonic timestamp in ms. */
export const now = (): number => performance.now();

/** Milliseconds since `start`, rounded to the microsecond. */
export function since(start: number): number {
  return Math.round((performance.now() - start) * 1000) / 1000;
}

/** Adds to a phase, so checks that repeat a phase (redirect hops) report the sum. */
export function addPhase(probe: Probe, phase: PhaseName, ms: number): void {
  probe.phases[phase] = Math.round(((probe.phases[phase] ?? 0) + ms) * 1000) / 1000;
}

/** Runs `cleanup` when the signal aborts; returns the unsubscribe. */
export function onAbort(signal: AbortSignal, cleanup: () => void): () => void {
  if (signal.aborted) {
    cleanup();
    return () => {};
  }
  signal.addEventListener('abort', cleanup, { once: true });
  return () => signal.removeEventListener('abort', cleanup);
}

/** Settles with `promise`, or rejects with the signal's reason when it aborts first. */
export function raceAbort<T>(signal: AbortSignal, promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const off = onAbort(signal, () => reject(signal.reason));
    promise.then(
      (v) => {
        off();
        resolve(v);
      },
      (e: unknown) => {
        off();
        reject(e);
      },
    );
  });
}

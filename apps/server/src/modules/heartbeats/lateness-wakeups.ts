import type { ServiceContext } from '../../context';

/**
 * How a ping taken by this process tells this process's lateness sweep (lateness-sweep.ts) of the
 * deadline it just set, so a short period is found late at its deadline rather than at the next
 * minute's sweep. Kept per context (one per server in a process); without a sweep registered, a
 * no-op: the minute's sweep still finds it.
 */
const wakers = new WeakMap<ServiceContext, (at: number) => void>();

export function onDeadline(context: ServiceContext, wake: (at: number) => void): () => void {
  wakers.set(context, wake);
  return () => wakers.delete(context);
}

export function announceDeadline(context: ServiceContext, at: number): void {
  wakers.get(context)?.(at);
}

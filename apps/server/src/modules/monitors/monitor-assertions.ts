import { DEFAULT_ACCEPTED_STATUSES } from '@paydar/contracts/http-assertions';
import type { MonitorInput } from '@paydar/contracts/monitors';
import { invalidField } from '../../errors';
import type { NewMonitor } from './monitors.repository';

/**
 * HTTP assertions and the timeout (issue 17) as a monitor stores them. Only HTTP monitors keep
 * assertions; the others store the defaults, so a spec never carries what their check cannot use.
 */
export function storedAssertionFields(
  input: MonitorInput,
): Pick<NewMonitor, 'httpAcceptedStatuses' | 'httpAssertions' | 'httpFollowRedirects' | 'timeoutSeconds'> {
  const isHttp = input.protocol_type === 'HTTP';
  return {
    httpAcceptedStatuses: isHttp ? input.http_accepted_statuses : DEFAULT_ACCEPTED_STATUSES,
    httpAssertions: isHttp ? input.http_assertions : [],
    httpFollowRedirects: isHttp ? input.http_follow_redirects : true,
    timeoutSeconds: input.timeout ?? null,
  };
}

/** A check never waits longer than its period (the plan bounds the period; contracts bound the timeout to 30 s). */
export function assertTimeoutWithinPeriod(input: Pick<MonitorInput, 'timeout' | 'period'>): void {
  if (input.timeout != null && input.timeout > input.period) {
    throw invalidField('timeout', `The timeout must be at most the period (${input.period} seconds).`);
  }
}

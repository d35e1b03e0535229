import { type PublicIncident, publicIncident } from '@paydar/contracts/status-page-incidents';
import type { PageAddress } from '../location';
import { type ConditionalRead, conditionalGet } from './conditional-get';
import { incidentApiPath } from './endpoints';
import type { ApiTarget } from './http';

/** One incident of the page, with every update and the post-mortem; `changed: false` while `etag` is current. */
export function getIncident(
  target: ApiTarget,
  address: PageAddress,
  id: number,
  etag: string | null,
): Promise<ConditionalRead<PublicIncident>> {
  return conditionalGet(target, incidentApiPath(address, id), publicIncident, etag);
}

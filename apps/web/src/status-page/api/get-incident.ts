import { type PublicIncident, publicIncident } from '@paydar/contracts/status-page-incidents';
import type { PageAddress } from '../location';
import { incidentApiPath } from './endpoints';
import { type ApiTarget, readAnswer, send } from './http';

/** One incident of the page, with every update and the post-mortem. */
export async function getIncident(target: ApiTarget, address: PageAddress, id: number): Promise<PublicIncident> {
  return readAnswer(await send(target, incidentApiPath(address, id)), publicIncident);
}

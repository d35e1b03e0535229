import type { Monitor } from '@paydar/contracts/monitors';
import type { Caller, ServiceContext } from '../../context';
import { refuseDemo } from '../../demo-guard';
import { AppError, invalidField, notFound } from '../../errors';
import { findUserMonitor } from '../monitors/monitors.repository';
import { getMonitor, MONITOR_NOT_FOUND } from '../monitors/monitors.service';
import { setPingToken } from './heartbeats.repository';
import { newPingToken, pingUrl } from './ping-token';

/** `POST /api/v1/monitors/{id}/ping-token/`: a new secret for the owner's heartbeat, shown once. */
export async function regeneratePingToken(context: ServiceContext, caller: Caller, id: number): Promise<Monitor> {
  refuseDemo(caller);
  if (!caller.isVerified) throw new AppError('FORBIDDEN', 'Verify your email address first.');
  const found = await findUserMonitor(context.db, caller.userId, id);
  if (!found) throw notFound(MONITOR_NOT_FOUND);
  if (found.monitor.protocolType !== 'HEARTBEAT')
    throw invalidField('protocol_type', 'Only a heartbeat monitor has a ping URL.');
  const ping = newPingToken();
  await setPingToken(context.db, id, ping.hash, ping.prefix);
  return { ...(await getMonitor(context, caller, id)), ping_url: pingUrl(context.config.PUBLIC_URL, ping.token) };
}

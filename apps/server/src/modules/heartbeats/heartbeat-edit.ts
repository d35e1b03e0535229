import type { MonitorInput } from '@paydar/contracts/monitors';
import type { Database } from '../../db/client';
import type { MonitorRow } from '../monitors/monitors.repository';
import { shiftDeadline } from './heartbeats.repository';

/**
 * A heartbeat whose period or grace is edited is judged by the new ones from now on: its armed
 * deadline moves by the change (last success + new period + new grace). Returns the new deadline,
 * for the lateness sweep's timer, or null when nothing moved.
 */
export async function moveHeartbeatDeadline(
  db: Database,
  current: MonitorRow,
  edited: Pick<MonitorInput, 'period' | 'grace'>,
): Promise<number | null> {
  if (current.protocolType !== 'HEARTBEAT') return null;
  const before = current.periodSeconds + (current.graceSeconds ?? 0);
  const after = edited.period + (edited.grace ?? current.graceSeconds ?? 0);
  if (after === before) return null;
  return shiftDeadline(db, current.id, (after - before) * 1000);
}

import type { ServiceContext } from '../../context';
import { sweepAutoIncidents } from '../status-page-incidents/auto-incidents';
import { deliverNotification, sweepDeliveries } from './alert-delivery.service';
import { pruneDispatchedEvents } from './alert-dispatch.repository';
import { dispatchPendingEvents } from './alert-dispatch.service';
import { ALERT_DELIVER_QUEUE, ALERT_DISPATCH_QUEUE, ALERT_SWEEP_QUEUE } from './alerts.queues';

const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The alerting workers: dispatch (transitions → notifications), delivery (one notification per
 * job, several at a time), and the minutely sweep. A sweep also runs at start, so what a crash
 * left behind goes out without waiting for the first minute.
 */
export async function registerAlertWorkers(context: ServiceContext): Promise<void> {
  await context.jobs.work(
    ALERT_DISPATCH_QUEUE,
    async () => {
      await dispatchPendingEvents(context);
    },
    { concurrency: 1 },
  );
  await context.jobs.work<{ notificationId: number }>(
    ALERT_DELIVER_QUEUE,
    (data) => deliverNotification(context, data.notificationId),
    { concurrency: 8 },
  );
  await context.jobs.work(
    ALERT_SWEEP_QUEUE,
    async () => {
      await dispatchPendingEvents(context);
      await sweepDeliveries(context);
      await sweepAutoIncidents(context);
      await pruneDispatchedEvents(context.db, new Date(context.now().getTime() - EVENT_RETENTION_MS));
    },
    { concurrency: 1 },
  );
  await context.jobs.schedule(ALERT_SWEEP_QUEUE, '* * * * *');
  await context.jobs.send(ALERT_SWEEP_QUEUE, {}, { retryLimit: 0 });
}

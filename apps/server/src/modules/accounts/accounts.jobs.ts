import type { ServiceContext } from '../../context';
import { registerEmailLinkWorker } from './email-link-requests';
import { registerSessionCleanup } from './session-cleanup';

/** The accounts module's workers: mailed links asked for by email, and the hourly clean-up of ended sessions. */
export async function registerAccountJobs(context: ServiceContext): Promise<void> {
  await registerEmailLinkWorker(context);
  await registerSessionCleanup(context);
}

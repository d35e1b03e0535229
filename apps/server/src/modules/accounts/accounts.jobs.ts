import type { ServiceContext } from '../../context';
import { registerEmailLinkWorker } from './email-link-requests';

/** The accounts module's workers: mailed links asked for by email. */
export async function registerAccountJobs(context: ServiceContext): Promise<void> {
  await registerEmailLinkWorker(context);
}

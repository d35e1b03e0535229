import type { Transaction } from '../../db/transaction';
import type { JobQueue } from '../../jobs/job-queue';
import type { MailMessage, MailTransport } from './mail.transport';

export const SEND_MAIL_QUEUE = 'mail.send';

/** Mail goes through the job queue so a slow or failing SMTP server is retried, never lost. */
export function enqueueMail(jobs: JobQueue, message: MailMessage, transaction?: Transaction): Promise<void> {
  return jobs.send(SEND_MAIL_QUEUE, message, { retryLimit: 8, retryDelaySeconds: 15 }, transaction);
}

/** Many mails in one statement (a notice to every subscriber of a page), each its own job, retried alone. */
export function enqueueMails(jobs: JobQueue, messages: MailMessage[], transaction?: Transaction): Promise<void> {
  return jobs.sendMany(SEND_MAIL_QUEUE, messages, { retryLimit: 8, retryDelaySeconds: 15 }, transaction);
}

export function registerMailWorker(jobs: JobQueue, transport: MailTransport): Promise<void> {
  return jobs.work<MailMessage>(SEND_MAIL_QUEUE, (message) => transport.deliver(message));
}

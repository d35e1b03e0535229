import type { ServiceContext } from '../../context';
import { type AccountLinkPurpose, sendEmailLink } from './email-links';
import type { UserRow } from './users.repository';
import { findUserByEmail } from './users.repository';

export const EMAIL_LINK_REQUEST_QUEUE = 'accounts.email-link-request';

/** The links anyone may ask for by email alone (forgot password, verification resend). */
type RequestedLink = AccountLinkPurpose;

interface EmailLinkRequest {
  purpose: RequestedLink;
  email: string;
}

/** Who gets the link; everyone else gets nothing, silently. The demo account's password cannot be reset. */
const eligible: Record<RequestedLink, (user: UserRow) => boolean> = {
  reset_password: (user) => !user.isDemo,
  verify_email: (user) => !user.isVerified && !user.isDemo,
};

/**
 * Enqueues the request whether or not the email has an account: the caller does the same work
 * (one insert) either way, so neither its answer nor its timing tells which emails are registered.
 */
export async function requestEmailLink(context: ServiceContext, purpose: RequestedLink, email: string): Promise<void> {
  await context.jobs.send(EMAIL_LINK_REQUEST_QUEUE, { purpose, email } satisfies EmailLinkRequest, { retryLimit: 3 });
}

/** The job: looks the email up and, for an eligible user, issues the link and enqueues its mail. */
export async function fulfilEmailLinkRequest(context: ServiceContext, request: EmailLinkRequest): Promise<void> {
  const user = await findUserByEmail(context.db, request.email);
  if (!user || !eligible[request.purpose](user)) return;
  await context.runInTransaction((transaction) => sendEmailLink(context, transaction, user, request.purpose));
}

export function registerEmailLinkWorker(context: ServiceContext): Promise<void> {
  return context.jobs.work<EmailLinkRequest>(EMAIL_LINK_REQUEST_QUEUE, (request) =>
    fulfilEmailLinkRequest(context, request),
  );
}

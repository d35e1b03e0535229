import { isStatusPageHostName } from '@paydar/contracts/status-pages';
import type { BackoffPolicy } from '@paydar/domain/failure-backoff';
import type { ServiceContext } from '../../context';
import { AppError, invalidField, notFound } from '../../errors';
import type { VersionedAnswer } from '../../http/conditional';
import { verifyPassword } from '../accounts/passwords';
import { pageTokenOpens, signPageToken } from './status-page-access';
import type { PageGateCache } from './status-page-gate-cache';
import { findPageGate, type PageGate } from './status-pages.public.repository';
import { publicPageAnswer, STATUS_PAGE_NOT_FOUND } from './status-pages.public.service';
import { findPageBySlug } from './status-pages.repository';

/** The public side: finding a page by slug or host, the password gate, and unlocking. */

export const PUBLIC_STATUS_PAGES_PATH = '/api/v1/public/status_pages';
export const PUBLIC_STATUS_PAGE_BY_HOST_PATH = '/api/v1/public/status_page';
/**
 * Wrong passwords one visitor address may try on one page: ten at once, then a minute after the
 * last, doubling with each further one up to an hour; remembered for a day from each failure, and
 * forgotten when the right password is given (who knows it is no guesser). About 40 guesses a day.
 */
export const UNLOCK_BACKOFF: BackoffPolicy = {
  freeFailures: 10,
  firstWaitMs: 60_000,
  maxWaitMs: 3_600_000,
  memoryMs: 86_400_000,
};

export interface PublicRead {
  answer: VersionedAnswer;
  /** Protected answers must not be kept by shared caches. */
  isProtected: boolean;
}

/** A page a visitor may read: found, and unlocked by the token when it has a password. */
export interface AdmittedPage {
  gate: PageGate;
  /** Protected answers must not be kept by shared caches. */
  isProtected: boolean;
}

function admit(context: ServiceContext, page: PageGate | null, token: string | undefined): AdmittedPage {
  if (!page) throw notFound(STATUS_PAGE_NOT_FOUND);
  const hash = page.passwordHash;
  if (hash !== null) {
    const opens = pageTokenOpens(
      context.config.STATUS_PAGE_TOKEN_SECRET,
      token,
      { id: page.id, passwordHash: hash },
      context.now().getTime(),
    );
    if (!opens)
      throw new AppError('STATUS_PAGE_LOCKED', 'This status page is protected by a password. Unlock it to see it.');
  }
  return { gate: page, isProtected: hash !== null };
}

/** The page at this slug, admitted (incidents' public routes pass the same gate). */
export async function admitBySlug(
  context: ServiceContext,
  gates: PageGateCache,
  slug: string,
  token?: string,
): Promise<AdmittedPage> {
  const found = await gates.get(`slug:${slug}`, async () => (await findPageGate(context.db, { slug })) ?? undefined);
  return admit(context, found ?? null, token);
}

/** The page whose custom domain is the request's host (the port, if any, already dropped), admitted. */
export async function admitByHost(
  context: ServiceContext,
  gates: PageGateCache,
  host: string,
  token?: string,
): Promise<AdmittedPage> {
  const domain = host.toLowerCase();
  // Whatever a client puts in Host (NUL, a bare IP, 10 KB) is refused before it reaches a query.
  if (!isStatusPageHostName(domain)) throw notFound(STATUS_PAGE_NOT_FOUND);
  const found = await gates.get(
    `domain:${domain}`,
    async () => (await findPageGate(context.db, { domain })) ?? undefined,
  );
  return admit(context, found ?? null, token);
}

const pageRead = ({ gate, isProtected }: AdmittedPage, context: ServiceContext): PublicRead => ({
  answer: publicPageAnswer(context, gate),
  isProtected,
});

export const readPublicPageBySlug = async (
  context: ServiceContext,
  gates: PageGateCache,
  slug: string,
  token?: string,
): Promise<PublicRead> => pageRead(await admitBySlug(context, gates, slug, token), context);

export const readPublicPageByHost = async (
  context: ServiceContext,
  gates: PageGateCache,
  host: string,
  token?: string,
): Promise<PublicRead> => pageRead(await admitByHost(context, gates, host, token), context);

/** A page as a visitor names it: by slug, or by the host of its custom domain (the request's Host). */
export type PublicPageAddress = { slug: string } | { host: string };

async function pageToUnlock(context: ServiceContext, address: PublicPageAddress) {
  if ('slug' in address) return findPageBySlug(context.db, address.slug);
  const domain = address.host.toLowerCase();
  return isStatusPageHostName(domain) ? findPageGate(context.db, { domain }) : null;
}

/**
 * Trades the page's password for an access token. Every attempt is counted as a failure before the
 * password is checked, so concurrent guesses cannot all pass one check; a right one forgives them.
 */
export async function unlockPublicPage(
  context: ServiceContext,
  address: PublicPageAddress,
  password: string,
  ip: string,
): Promise<{ token: string; expires_at: string }> {
  const page = await pageToUnlock(context, address);
  if (!page) throw notFound(STATUS_PAGE_NOT_FOUND);
  if (page.passwordHash === null) throw new AppError('CONFLICT', 'This status page has no password.');
  const now = context.now();
  const limitKey = `status-page-unlock:${page.id}:ip:${ip}`;
  await context.rateLimiter.attemptWithBackoff(limitKey, UNLOCK_BACKOFF, now);
  if (!(await verifyPassword(page.passwordHash, password))) throw invalidField('password', 'Wrong password.');
  await context.rateLimiter.forgive(limitKey);
  const expiresAt = now.getTime() + context.config.STATUS_PAGE_TOKEN_HOURS * 3_600_000;
  return {
    token: signPageToken(context.config.STATUS_PAGE_TOKEN_SECRET, page.id, page.passwordHash, expiresAt),
    expires_at: new Date(Math.floor(expiresAt / 1000) * 1000).toISOString(),
  };
}

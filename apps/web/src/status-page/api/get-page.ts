import type { PageAddress } from '../location';
import { pageApiPath } from './endpoints';
import { type ApiTarget, readAnswer, send } from './http';
import { type VisitorPage, visitorPage } from './page-schema';

export type PageRead = { changed: true; page: VisitorPage; etag: string | null } | { changed: false };

/**
 * The page's answer, asked with `If-None-Match` when an ETag is known: a 304 (the page as it was)
 * costs neither side anything, which is why visitors poll for it instead of holding a stream.
 */
export async function getPage(target: ApiTarget, address: PageAddress, etag: string | null): Promise<PageRead> {
  const response = await send(target, pageApiPath(address), etag ? { headers: { 'If-None-Match': etag } } : {});
  if (response.status === 304) return { changed: false };
  const page = await readAnswer(response, visitorPage);
  return { changed: true, page, etag: response.headers.get('etag') };
}

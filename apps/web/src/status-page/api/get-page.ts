import type { PageAddress } from '../location';
import { type ConditionalRead, conditionalGet } from './conditional-get';
import { pageApiPath } from './endpoints';
import type { ApiTarget } from './http';
import { type VisitorPage, visitorPage } from './page-schema';

/** The page's answer, or `changed: false` when it is still the one `etag` names. */
export function getPage(
  target: ApiTarget,
  address: PageAddress,
  etag: string | null,
): Promise<ConditionalRead<VisitorPage>> {
  return conditionalGet(target, pageApiPath(address), visitorPage, etag);
}

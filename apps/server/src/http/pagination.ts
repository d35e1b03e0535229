/** Lists that are returned whole still use the list shape of every other list. */
export function wholeList<T>(results: T[]) {
  return { count: results.length, next: null, previous: null, results };
}

/**
 * A page of a longer list: `next` and `previous` are the absolute URLs of the neighbouring pages
 * (null at the ends), as the list shape of every call promises. `url` may carry the list's
 * filters as a query of its own; the page's limit and offset are added to it.
 */
export function offsetPage<T>(results: T[], count: number, page: { limit: number; offset: number }, url: string) {
  const joiner = url.includes('?') ? '&' : '?';
  const at = (offset: number) => `${url}${joiner}limit=${page.limit}&offset=${offset}`;
  return {
    count,
    next: page.offset + page.limit < count ? at(page.offset + page.limit) : null,
    previous: page.offset > 0 ? at(Math.max(0, page.offset - page.limit)) : null,
    results,
  };
}

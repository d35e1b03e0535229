/** Lists that are returned whole still use the list shape of every other list. */
export function wholeList<T>(results: T[]) {
  return { count: results.length, next: null, previous: null, results };
}

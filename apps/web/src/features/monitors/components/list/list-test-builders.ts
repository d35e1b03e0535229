/** jsdom helpers of the monitor list's and the dashboard's tests (imported by tests only). */

/**
 * jsdom lays nothing out, so the virtualized list would see a 0 px viewport and draw no item: give
 * the list's scroll box a height.
 */
export function giveListHeight(height: number) {
  const inherited = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      if (this.dataset.testid === 'monitor-list-scroll') return height;
      return inherited?.get?.call(this) ?? 0;
    },
  });
}

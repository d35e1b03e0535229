/** A binary min-heap ordered by `at`: the scheduler's one timer always waits for its top. */
export class MinHeap<T extends { at: number }> {
  private readonly items: T[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((a[parent] as T).at <= item.at) break;
      a[i] = a[parent] as T;
      i = parent;
    }
    a[i] = item;
  }

  pop(): T | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length === 0 || last === undefined) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= a.length) break;
      const right = left + 1;
      const child = right < a.length && (a[right] as T).at < (a[left] as T).at ? right : left;
      if ((a[child] as T).at >= last.at) break;
      a[i] = a[child] as T;
      i = child;
    }
    a[i] = last;
    return top;
  }

  clear(): void {
    this.items.length = 0;
  }
}

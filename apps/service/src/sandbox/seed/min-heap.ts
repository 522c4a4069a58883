/** A binary min-heap: the seed's schedule of what happens next. */
export class MinHeap<T> {
  private readonly items: T[] = [];

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    for (let child = items.length - 1; child > 0; ) {
      const parent = (child - 1) >> 1;
      if (!this.before(items[child]!, items[parent]!)) break;
      [items[child], items[parent]] = [items[parent]!, items[child]!];
      child = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    for (let parent = 0; ; ) {
      const left = 2 * parent + 1;
      const right = left + 1;
      let first = parent;
      if (left < items.length && this.before(items[left]!, items[first]!)) first = left;
      if (right < items.length && this.before(items[right]!, items[first]!)) first = right;
      if (first === parent) return top;
      [items[first], items[parent]] = [items[parent]!, items[first]!];
      parent = first;
    }
  }

  /** Empties the heap, returning its items in no particular order. */
  drain(): T[] {
    return this.items.splice(0);
  }
}

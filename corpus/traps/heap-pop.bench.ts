// Trap: a binary min-heap (the shape of most priority-queue packages) built in setup with 10 000
// tasks, and a body that pops the most urgent one. A sample pops 10 000 tasks and then keeps popping
// an empty heap, which costs almost nothing: the figure is mostly that. Expected: `state-changed`.
import { bench } from 'ubench';

interface Task {
  priority: number;
  id: number;
}

class MinHeap {
  items: Task[] = [];

  push(task: Task): void {
    const items = this.items;
    items.push(task);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]!.priority <= task.priority) break;
      items[i] = items[parent]!;
      i = parent;
    }
    items[i] = task;
  }

  pop(): Task | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child = right < items.length && items[right]!.priority < items[left]!.priority ? right : left;
      if (items[child]!.priority >= last.priority) break;
      items[i] = items[child]!;
      i = child;
    }
    items[i] = last;
    return top;
  }
}

bench('pop the most urgent task', {
  setup: () => {
    const heap = new MinHeap();
    for (let id = 0; id < 10_000; id++) heap.push({ priority: (id * 7_919) % 10_007, id });
    return heap;
  },
  run: (heap) => heap.pop(),
});

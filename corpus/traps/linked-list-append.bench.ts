// Trap: appending to a singly linked list by walking to its tail — the list comes from setup and
// every call adds a node, so each call walks a longer list than the one before. The figure is an
// average over a list that grows through the sample. Expected: `state-changed`.
import { bench } from 'ubench';

interface ListNode {
  value: number;
  next: ListNode | null;
}

interface List {
  head: ListNode | null;
  size: number;
}

function append(list: List, value: number): number {
  const node: ListNode = { value, next: null };
  if (list.head === null) list.head = node;
  else {
    let tail = list.head;
    while (tail.next !== null) tail = tail.next;
    tail.next = node;
  }
  return ++list.size;
}

bench('append at the tail', {
  setup: (): List => ({ head: null, size: 0 }),
  run: (list) => append(list, list.size * 3),
});

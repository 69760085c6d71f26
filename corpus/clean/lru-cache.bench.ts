// A 256-entry LRU cache in front of a cheap computation, fed a skewed stream of 1 024 keys (16
// lookups per call): Map re-insertion for recency, a doubly linked list + Map, and a plain Map without eviction.
import { bench, group } from 'ubench';

function xorshift32(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4_294_967_296;
  };
}

const CAPACITY = 256;
const KEYS = 1_024;
const STREAM = 8_192;
const PER_CALL = 16;

/** Skewed toward low keys: about three lookups in four hit a 256-entry LRU cache. */
function keyStream(seed: number): Int32Array {
  const rand = xorshift32(seed);
  return Int32Array.from({ length: STREAM }, () => Math.floor(KEYS * rand() * rand() * rand()));
}

const compute = (key: number): string => `item:${key.toString(16).padStart(4, '0')}`;

/** Map keeps insertion order: delete + set moves a key to the back, the first key is the oldest. */
class MapLru {
  private readonly map = new Map<number, string>();
  constructor(private readonly capacity: number) {}

  get(key: number): string {
    let value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
      return value;
    }
    value = compute(key);
    if (this.map.size >= this.capacity) this.map.delete(this.map.keys().next().value!);
    this.map.set(key, value);
    return value;
  }
}

interface Node {
  key: number;
  value: string;
  prev: Node | null;
  next: Node | null;
}

/** A doubly linked list ordered by recency, plus a Map from key to node. */
class ListLru {
  private readonly nodes = new Map<number, Node>();
  private head: Node | null = null; // most recent
  private tail: Node | null = null; // least recent
  constructor(private readonly capacity: number) {}

  get(key: number): string {
    let node = this.nodes.get(key);
    if (node !== undefined) {
      this.moveToFront(node);
      return node.value;
    }
    if (this.nodes.size >= this.capacity) {
      const oldest = this.tail!;
      this.unlink(oldest);
      this.nodes.delete(oldest.key);
    }
    node = { key, value: compute(key), prev: null, next: null };
    this.nodes.set(key, node);
    this.pushFront(node);
    return node.value;
  }

  private moveToFront(node: Node): void {
    if (this.head === node) return;
    this.unlink(node);
    this.pushFront(node);
  }

  private unlink(node: Node): void {
    if (node.prev !== null) node.prev.next = node.next;
    else this.head = node.next;
    if (node.next !== null) node.next.prev = node.prev;
    else this.tail = node.prev;
    node.prev = node.next = null;
  }

  private pushFront(node: Node): void {
    node.next = this.head;
    if (this.head !== null) this.head.prev = node;
    this.head = node;
    if (this.tail === null) this.tail = node;
  }
}

/** For reference: remembers every key (at most 1 024, so it stays bounded). */
class MapMemo {
  private readonly map = new Map<number, string>();
  get(key: number): string {
    let value = this.map.get(key);
    if (value === undefined) this.map.set(key, (value = compute(key)));
    return value;
  }
}

const KEY_STREAM = keyStream(4);

/** Caches are built and warmed once, by a pass over the stream; they stay at their capacity. */
function warmed<C extends { get(key: number): string }>(cache: C): C {
  for (let i = 0; i < KEY_STREAM.length; i++) cache.get(KEY_STREAM[i]!);
  return cache;
}

const MAP_LRU = warmed(new MapLru(CAPACITY));
const LIST_LRU = warmed(new ListLru(CAPACITY));
const MAP_MEMO = warmed(new MapMemo());

let cursor = 0;

group('16 lookups through a 256-entry cache', () => {
  bench('Map delete + set (LRU)', () => {
    const start = (cursor = (cursor + PER_CALL) & (STREAM - 1));
    let length = 0;
    for (let i = start; i < start + PER_CALL; i++) length += MAP_LRU.get(KEY_STREAM[i]!).length;
    return length;
  }, { baseline: true });

  bench('linked list + Map (LRU)', () => {
    const start = (cursor = (cursor + PER_CALL) & (STREAM - 1));
    let length = 0;
    for (let i = start; i < start + PER_CALL; i++) length += LIST_LRU.get(KEY_STREAM[i]!).length;
    return length;
  });

  bench('Map, no eviction (1 024 keys)', () => {
    const start = (cursor = (cursor + PER_CALL) & (STREAM - 1));
    let length = 0;
    for (let i = start; i < start + PER_CALL; i++) length += MAP_MEMO.get(KEY_STREAM[i]!).length;
    return length;
  });
});

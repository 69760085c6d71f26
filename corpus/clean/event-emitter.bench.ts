// Dispatching 4 events to three listeners: a minimal hand-written emitter, node:events EventEmitter and
// EventTarget with an Event subclass; and a subscribe/emit/unsubscribe cycle (listener count stays fixed).
import { EventEmitter } from 'node:events';
import { bench, group } from 'ubench';

type Listener<T> = (payload: T) => void;

/** What many libraries ship: a map from event name to an array of listeners. */
class TinyEmitter<T> {
  private readonly listeners = new Map<string, Listener<T>[]>();

  on(event: string, listener: Listener<T>): () => void {
    const list = this.listeners.get(event);
    if (list === undefined) this.listeners.set(event, [listener]);
    else list.push(listener);
    return () => this.off(event, listener);
  }

  off(event: string, listener: Listener<T>): void {
    const list = this.listeners.get(event);
    if (list === undefined) return;
    const index = list.indexOf(listener);
    if (index !== -1) list.splice(index, 1);
  }

  emit(event: string, payload: T): number {
    const list = this.listeners.get(event);
    if (list === undefined) return 0;
    for (let i = 0; i < list.length; i++) list[i]!(payload);
    return list.length;
  }
}

interface Item {
  sku: number;
  quantity: number;
  price: number;
}

const ITEMS: Item[] = Array.from({ length: 64 }, (_, i) => ({ sku: 1_000 + i, quantity: 1 + (i % 5), price: 199 + ((i * 37) % 900) }));

class ItemEvent extends Event {
  constructor(readonly item: Item) {
    super('item');
  }
}

// What the listeners do: keep a running cart summary (bounded integers, nothing accumulates).
let units = 0;
let cents = 0;
let lastSku = 0;
const countUnits = (item: Item): void => { units = (units + item.quantity) & 0xffff; };
const addPrice = (item: Item): void => { cents = (cents + item.quantity * item.price) & 0xfffff; };
const remember = (item: Item): void => { lastSku = item.sku; };

const tiny = new TinyEmitter<Item>();
const node = new EventEmitter();
const target = new EventTarget();
for (const listener of [countUnits, addPrice, remember]) {
  tiny.on('item', listener);
  node.on('item', listener);
  target.addEventListener('item', (event) => listener((event as ItemEvent).item));
}

let next = 0;

const BURST = 4;

group('emit 4 events to three listeners', () => {
  bench('hand-written emitter', () => {
    const start = (next = (next + BURST) & 63);
    for (let i = start; i < start + BURST; i++) tiny.emit('item', ITEMS[i & 63]!);
    return units + cents + lastSku;
  }, { baseline: true });

  bench('node:events EventEmitter', () => {
    const start = (next = (next + BURST) & 63);
    for (let i = start; i < start + BURST; i++) node.emit('item', ITEMS[i & 63]!);
    return units + cents + lastSku;
  });

  bench('EventTarget + new Event', () => {
    const start = (next = (next + BURST) & 63);
    for (let i = start; i < start + BURST; i++) target.dispatchEvent(new ItemEvent(ITEMS[i & 63]!));
    return units + cents + lastSku;
  });
});

const tinyOnce = new TinyEmitter<Item>();
const nodeOnce = new EventEmitter();
tinyOnce.on('item', countUnits);
nodeOnce.on('item', countUnits);

group('subscribe, emit, unsubscribe', () => {
  bench('hand-written emitter', () => {
    const unsubscribe = tinyOnce.on('item', addPrice);
    tinyOnce.emit('item', ITEMS[(next = (next + 1) & 63)]!);
    unsubscribe();
    return units + cents;
  }, { baseline: true });

  bench('node:events EventEmitter', () => {
    nodeOnce.on('item', addPrice);
    nodeOnce.emit('item', ITEMS[(next = (next + 1) & 63)]!);
    nodeOnce.off('item', addPrice);
    return units + cents;
  });
});

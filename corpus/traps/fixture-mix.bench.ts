// Trap: one benchmark fed two fixtures of very different size. Setup hands out the small carts
// (4 items) and the large carts (12 items) to alternate samples, so half the samples do about three
// times the work of the other half and the times form two clusters. Expected: `multimodal`.
import { bench } from 'ubench';

interface Item {
  sku: string;
  price: number;
  quantity: number;
  taxRate: number;
}

function carts(items: number): Item[][] {
  return Array.from({ length: 16 }, (_, c) => Array.from({ length: items }, (_, i) => ({
    sku: `sku-${c}-${i}`,
    price: 199 + ((c * 31 + i * 17) % 5_000),
    quantity: 1 + ((c + i) % 4),
    taxRate: i % 3 === 0 ? 0.07 : 0.2,
  })));
}

const SMALL = carts(4);
const LARGE = carts(12);

function cartTotal(items: Item[]): number {
  let total = 0;
  for (const item of items) {
    const line = item.price * item.quantity;
    total += Math.round(line * (1 + item.taxRate));
  }
  return total;
}

let samplesPrepared = 0;
let next = 0;

bench('small and large cart fixtures alternate', {
  setup: () => ((samplesPrepared++ & 1) === 0 ? SMALL : LARGE),
  run: (fixture) => cartTotal(fixture[(next = (next + 1) & 15)]!),
});

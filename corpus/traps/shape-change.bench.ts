// Trap: the objects reaching a call site change after the benchmark has been optimized. About 1 s
// after each benchmark's first call, (a) the orders start carrying an optional `coupon` field (a new
// hidden class), and (b) squares join the circles passed to area(). The optimized code deoptimizes
// in the middle of sampling. Run with `--warmup 300ms --time 2s --precision 0.01%`.
// Expected: `deoptimized` for both, with V8's reason and a location in this file.
import { bench } from 'ubench';

const SWITCH_AFTER_MS = 1_000;

// (a) Orders gain an optional field.
interface Order {
  id: number;
  total: number;
  currency: string;
  coupon?: string;
}

const plainOrders: Order[] = Array.from({ length: 256 }, (_, i) => ({ id: i, total: 500 + ((i * 37) % 900), currency: i & 1 ? 'EUR' : 'USD' }));
const ordersWithCoupons: Order[] = plainOrders.map((o) => ({ id: o.id, total: o.total, currency: o.currency, coupon: o.id % 5 === 0 ? 'SPRING10' : '' }));

function netTotal(order: Order): number {
  return order.currency === 'EUR' ? order.total : Math.round(order.total * 0.92);
}

let orders = plainOrders;
let orderCalls = 0;
let ordersStartedAt = -1;

bench('orders gain an optional coupon field mid-run', () => {
  const i = orderCalls++ & 255;
  if (i === 0 && orders === plainOrders) {
    const now = performance.now();
    if (ordersStartedAt < 0) ordersStartedAt = now;
    else if (now - ordersStartedAt > SWITCH_AFTER_MS) orders = ordersWithCoupons;
  }
  return netTotal(orders[i]!);
});

// (b) A second class reaches the same call site.
class Circle {
  constructor(readonly r: number) {}
  area(): number {
    return 3.14159 * this.r * this.r;
  }
}

class Square {
  constructor(readonly side: number) {}
  area(): number {
    return this.side * this.side;
  }
}

const circles: (Circle | Square)[] = Array.from({ length: 256 }, (_, i) => new Circle(1 + (i % 10)));
const mixed: (Circle | Square)[] = circles.map((c, i) => (i % 4 === 3 ? new Square(1 + (i % 10)) : c));

let shapes = circles;
let shapeCalls = 0;
let shapesStartedAt = -1;

bench('a new shape class reaches area() mid-run', () => {
  const i = shapeCalls++ & 255;
  if (i === 0 && shapes === circles) {
    const now = performance.now();
    if (shapesStartedAt < 0) shapesStartedAt = now;
    else if (now - shapesStartedAt > SWITCH_AFTER_MS) shapes = mixed;
  }
  return shapes[i]!.area();
});

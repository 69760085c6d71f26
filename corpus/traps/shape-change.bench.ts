// Trap: the objects reaching a call site change after the benchmark has been optimized. Once each
// benchmark's body has run for about 0.8 s (its own running time, not the wall clock, which a
// slow host's pause before warm-up would advance), (a) the orders start carrying an optional `coupon` field (a new
// hidden class), and (b) squares join the circles passed to area(). The optimized code deoptimizes
// in the middle of sampling. Run with `--warmup 300ms --time 4s --precision 0.01%` (the host-limit
// stop may end sampling after a quarter of the budget; a quarter of 2 s could end before the switch).
// Expected: `deoptimized` for both, with V8's reason and a location in this file.
import { bench } from 'ubench';

/** Past calibration and a 300 ms warm-up, before a quarter of 4 s of sampling ends. */
const SWITCH_AFTER_RUNNING_MS = 800;
/** A longer gap between two checks (256 calls, about a µs) is a pause of the harness, not running time. */
const PAUSE_MS = 1;

/** The body's own running time, ms: the sum of the short gaps between its checks. */
class RunningClock {
  private runningMs = 0;
  private lastCheckAt = -1;

  /** Called every few hundred calls; true once the body has run for SWITCH_AFTER_RUNNING_MS. */
  check(): boolean {
    const now = performance.now();
    if (this.lastCheckAt >= 0 && now - this.lastCheckAt < PAUSE_MS) this.runningMs += now - this.lastCheckAt;
    this.lastCheckAt = now;
    return this.runningMs > SWITCH_AFTER_RUNNING_MS;
  }
}

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
const ordersClock = new RunningClock();

bench('orders gain an optional coupon field mid-run', () => {
  const i = orderCalls++ & 255;
  if (i === 0 && orders === plainOrders && ordersClock.check()) orders = ordersWithCoupons;
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
const shapesClock = new RunningClock();

bench('a new shape class reaches area() mid-run', () => {
  const i = shapeCalls++ & 255;
  if (i === 0 && shapes === circles && shapesClock.check()) shapes = mixed;
  return shapes[i]!.area();
});

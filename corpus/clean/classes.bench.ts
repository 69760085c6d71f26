// Classes: virtual area() over a small shape hierarchy against tagged objects and a switch, account
// transfers through private fields and getters against public fields and closures, and Vec2 math.
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

// --- shapes ---------------------------------------------------------------------------------

abstract class Shape {
  abstract area(): number;
}
class Circle extends Shape {
  constructor(readonly r: number) { super(); }
  override area(): number { return Math.PI * this.r * this.r; }
}
class Rect extends Shape {
  constructor(readonly w: number, readonly h: number) { super(); }
  override area(): number { return this.w * this.h; }
}
class Square extends Rect {
  constructor(side: number) { super(side, side); }
}

/** kind 0: a circle of radius r; kind 1: a w × h rectangle (squares included). */
interface TaggedShape { kind: number; r: number; w: number; h: number }

function taggedArea(s: TaggedShape): number {
  switch (s.kind) {
    case 0: return Math.PI * s.r * s.r;
    default: return s.w * s.h;
  }
}

const SHAPES = 256;
const PER_CALL = 16;

function shapeSizes(seed: number): { kind: number; a: number; b: number }[] {
  const rand = xorshift32(seed);
  return Array.from({ length: SHAPES }, () => ({ kind: Math.floor(rand() * 3), a: 1 + rand() * 9, b: 1 + rand() * 9 }));
}

// Built once, when the file loads, and shared by every sample.
const CLASS_SHAPES: Shape[] = shapeSizes(3).map(({ kind, a, b }) => (kind === 0 ? new Circle(a) : kind === 1 ? new Rect(a, b) : new Square(a)));
const TAGGED_SHAPES: TaggedShape[] = shapeSizes(3).map(({ kind, a, b }) =>
  (kind === 0 ? { kind: 0, r: a, w: 0, h: 0 } : { kind: 1, r: 0, w: a, h: kind === 1 ? b : a }));

let cursor = 0;
const nextSlice = (): number => (cursor = (cursor + PER_CALL) & (SHAPES - 1));

group('sum the areas of 16 shapes', () => {
  bench('class hierarchy, virtual area()', () => {
    const start = nextSlice();
    let total = 0;
    for (let i = start; i < start + PER_CALL; i++) total += CLASS_SHAPES[i]!.area();
    return total;
  }, { baseline: true });

  bench('tagged objects + switch', () => {
    const start = nextSlice();
    let total = 0;
    for (let i = start; i < start + PER_CALL; i++) total += taggedArea(TAGGED_SHAPES[i]!);
    return total;
  });
});

// --- accounts -------------------------------------------------------------------------------

class PrivateAccount {
  #balance: number;
  #transfers = 0;
  constructor(balance: number) { this.#balance = balance; }
  get balance(): number { return this.#balance; }
  get transfers(): number { return this.#transfers; }
  withdraw(amount: number): boolean {
    if (amount > this.#balance) return false;
    this.#balance -= amount;
    this.#transfers = (this.#transfers + 1) & 0xffff;
    return true;
  }
  deposit(amount: number): void {
    this.#balance += amount;
    this.#transfers = (this.#transfers + 1) & 0xffff;
  }
}

class PublicAccount {
  balance: number;
  transfers = 0;
  constructor(balance: number) { this.balance = balance; }
  withdraw(amount: number): boolean {
    if (amount > this.balance) return false;
    this.balance -= amount;
    this.transfers = (this.transfers + 1) & 0xffff;
    return true;
  }
  deposit(amount: number): void {
    this.balance += amount;
    this.transfers = (this.transfers + 1) & 0xffff;
  }
}

function closureAccount(initial: number) {
  let balance = initial;
  let transfers = 0;
  return {
    balance: () => balance,
    withdraw(amount: number): boolean {
      if (amount > balance) return false;
      balance -= amount;
      transfers = (transfers + 1) & 0xffff;
      return true;
    },
    deposit(amount: number): void {
      balance += amount;
      transfers = (transfers + 1) & 0xffff;
    },
    transfers: () => transfers,
  };
}

const ACCOUNTS = 8;
const TRANSFERS = 1024;
const TRANSFERS_PER_CALL = 32;

/** Transfers move money between accounts, so the total stays fixed and balances stay small integers. */
function transferList(seed: number): Int32Array {
  const rand = xorshift32(seed);
  const list = new Int32Array(TRANSFERS * 3);
  for (let i = 0; i < TRANSFERS; i++) {
    list[i * 3] = Math.floor(rand() * ACCOUNTS);
    list[i * 3 + 1] = Math.floor(rand() * ACCOUNTS);
    list[i * 3 + 2] = 1 + Math.floor(rand() * 500);
  }
  return list;
}

let transferCursor = 0;
const nextTransfers = (): number => (transferCursor = (transferCursor + TRANSFERS_PER_CALL) & (TRANSFERS - 1));

const TRANSFERS_LIST = transferList(9);
// Balances carry over from call to call; transfers keep the total fixed, so they stay small.
const PRIVATE_ACCOUNTS = Array.from({ length: ACCOUNTS }, () => new PrivateAccount(5_000));
const PUBLIC_ACCOUNTS = Array.from({ length: ACCOUNTS }, () => new PublicAccount(5_000));
const CLOSURE_ACCOUNTS = Array.from({ length: ACCOUNTS }, () => closureAccount(5_000));

group('32 transfers between 8 accounts', () => {
  bench('private fields + getters', () => {
    const accounts = PRIVATE_ACCOUNTS;
    const list = TRANSFERS_LIST;
    const start = nextTransfers();
    let refused = 0;
    for (let t = start; t < start + TRANSFERS_PER_CALL; t++) {
      if (accounts[list[t * 3]!]!.withdraw(list[t * 3 + 2]!)) accounts[list[t * 3 + 1]!]!.deposit(list[t * 3 + 2]!);
      else refused++;
    }
    return refused + accounts[start & 7]!.balance + accounts[(start >> 5) & 7]!.transfers;
  }, { baseline: true });

  bench('public fields', () => {
    const accounts = PUBLIC_ACCOUNTS;
    const list = TRANSFERS_LIST;
    const start = nextTransfers();
    let refused = 0;
    for (let t = start; t < start + TRANSFERS_PER_CALL; t++) {
      if (accounts[list[t * 3]!]!.withdraw(list[t * 3 + 2]!)) accounts[list[t * 3 + 1]!]!.deposit(list[t * 3 + 2]!);
      else refused++;
    }
    return refused + accounts[start & 7]!.balance + accounts[(start >> 5) & 7]!.transfers;
  });

  bench('closures', () => {
    const accounts = CLOSURE_ACCOUNTS;
    const list = TRANSFERS_LIST;
    const start = nextTransfers();
    let refused = 0;
    for (let t = start; t < start + TRANSFERS_PER_CALL; t++) {
      if (accounts[list[t * 3]!]!.withdraw(list[t * 3 + 2]!)) accounts[list[t * 3 + 1]!]!.deposit(list[t * 3 + 2]!);
      else refused++;
    }
    return refused + accounts[start & 7]!.balance() + accounts[(start >> 5) & 7]!.transfers();
  });
});

// --- vectors --------------------------------------------------------------------------------

class Vec2 {
  constructor(public x: number, public y: number) {}
  add(o: Vec2): Vec2 { return new Vec2(this.x + o.x, this.y + o.y); }
  scale(k: number): Vec2 { return new Vec2(this.x * k, this.y * k); }
  addInPlace(o: Vec2): this { this.x += o.x; this.y += o.y; return this; }
  scaleInPlace(k: number): this { this.x *= k; this.y *= k; return this; }
  get length(): number { return Math.hypot(this.x, this.y); }
}

const POINTS = 256;
const STEPS = 16;

function points(seed: number): Vec2[] {
  const rand = xorshift32(seed);
  return Array.from({ length: POINTS }, () => new Vec2(rand() * 2 - 1, rand() * 2 - 1));
}

const VELOCITIES = points(12);

let pointCursor = 0;
const nextPoints = (): number => (pointCursor = (pointCursor + STEPS) & (POINTS - 1));

group('integrate 16 velocity steps', () => {
  bench('immutable Vec2 (new per op)', () => {
    const start = nextPoints();
    let p = new Vec2(0, 0);
    for (let i = start; i < start + STEPS; i++) p = p.add(VELOCITIES[i]!.scale(0.016));
    return p.length;
  }, { baseline: true });

  bench('mutable Vec2 (in place)', () => {
    const start = nextPoints();
    const p = new Vec2(0, 0);
    const step = new Vec2(0, 0);
    for (let i = start; i < start + STEPS; i++) {
      const v = VELOCITIES[i]!;
      step.x = v.x;
      step.y = v.y;
      p.addInPlace(step.scaleInPlace(0.016));
    }
    return p.length;
  });
});

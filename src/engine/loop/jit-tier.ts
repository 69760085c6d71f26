/**
 * The JIT tier of a function, read with V8's `%GetOptimizationStatus` after enabling natives
 * syntax at run time (docs/design.md §3). Decoding is pure and unit-tested on known status values.
 */
import v8 from 'node:v8';
import type { JitTier, TierReading } from '../../results/types.js';

/** V8 OptimizationStatus bits (runtime-test.cc; the same in V8 11.3 and 12.4). */
export const STATUS_V8_11 = {
  isFunction: 1 << 0,
  neverOptimize: 1 << 1,
  maybeDeopted: 1 << 3,
  optimized: 1 << 4,
  maglevved: 1 << 5,
  turboFanned: 1 << 6,
  interpreted: 1 << 7,
  markedForOptimization: 1 << 8,
  markedForConcurrentOptimization: 1 << 9,
  optimizingConcurrently: 1 << 10,
  isExecuting: 1 << 11,
  topmostFrameIsTurboFanned: 1 << 12,
  baseline: 1 << 15,
  isLazy: 1 << 18,
} as const;

export type StatusBits = { readonly [K in keyof typeof STATUS_V8_11]: number };

/**
 * The same bits after V8 dropped `kAlwaysOptimize` (bit 2), which moved every later bit down by one
 * (runtime-test.cc and mjsunit.js of V8 15; Deno 2.9.6 ships V8 15.0). Status 41 there is a
 * TurboFan function, which the older table would read as Maglev code that may have deoptimized.
 */
export const STATUS_V8_15: StatusBits = {
  isFunction: 1 << 0,
  neverOptimize: 1 << 1,
  maybeDeopted: 1 << 2,
  optimized: 1 << 3,
  maglevved: 1 << 4,
  turboFanned: 1 << 5,
  interpreted: 1 << 6,
  markedForOptimization: 1 << 7,
  markedForConcurrentOptimization: 1 << 8,
  optimizingConcurrently: 1 << 9,
  isExecuting: 1 << 10,
  topmostFrameIsTurboFanned: 1 << 11,
  baseline: 1 << 14,
  isLazy: 1 << 17,
};

/** The bits of the older layout, the one of every Node ubench supports up to 24. */
export const STATUS: StatusBits = STATUS_V8_11;

export function decodeTier(status: number, bits: StatusBits = STATUS): JitTier {
  const STATUS = bits;
  if ((status & STATUS.isFunction) === 0) return 'unknown';
  if (status & STATUS.turboFanned) return 'turbofan';
  if (status & STATUS.maglevved) return 'maglev';
  if (status & STATUS.baseline) return 'baseline';
  if (status & STATUS.interpreted) return 'interpreted';
  if (status & STATUS.isLazy) return 'not-compiled';
  return 'unknown';
}

export function reading(status: number, bits: StatusBits = STATUS): TierReading {
  return {
    status,
    tier: decodeTier(status, bits),
    maybeDeopted: (status & bits.maybeDeopted) !== 0,
    markedForOptimization: (status & (bits.markedForOptimization | bits.markedForConcurrentOptimization)) !== 0,
  };
}

/** The engine's tiers as ubench reads and steers them: V8's natives here, bun:jsc in jsc-control.ts. */
export interface JitControl {
  /** The function's tier now. */
  read(fn: unknown): TierReading;
  /** Whether asking for optimization would be pointless: optimized already, or never to be. */
  settled(fn: unknown): boolean;
  /** Whether `settled` means the engine's top tier (V8's TurboFan), not only some optimizing tier (JSC's DFG may still move on to FTL). */
  readonly settledIsTopTier: boolean;
  /** The next call compiles fn with the optimizing tier, using the feedback gathered so far. */
  optimizeOnNextCall(fn: unknown): void;
}

/** A JitControl over V8's `%GetOptimizationStatus` bits of one layout. */
export function v8Control(status: (fn: unknown) => number, optimizeOnNextCall: (fn: unknown) => void, bits: StatusBits): JitControl {
  // A function V8 keeps no status for (a bound function: under --fuzzing the native returns nothing) reads as unknown.
  const statusOf = (fn: unknown): number | null => {
    const value = status(fn) as unknown;
    return typeof value === 'number' ? value : null;
  };
  return {
    read: (fn) => {
      const value = statusOf(fn);
      return value === null ? { status: 0, tier: 'unknown', maybeDeopted: false, markedForOptimization: false } : reading(value, bits);
    },
    // Maglev is V8's middle tier: hot code moves on to TurboFan, so Maglev code is not yet the steady
    // state (measured: a 4096-step chain ran 3.6× slower as Maglev code in Chromium 156 than TurboFan).
    settled: (fn) => {
      const value = statusOf(fn);
      return value === null || (value & (bits.turboFanned | bits.neverOptimize)) !== 0;
    },
    optimizeOnNextCall,
    settledIsTopTier: true,
  };
}

/**
 * Which status layout this V8 uses, told by a function never called (so never compiled): the old
 * layout marks it lazy with bit 18, the new one with bit 17 (measured: Node 20, 22 and 24 — V8 11.3,
 * 12.4, 13.6 — set bit 18; Deno 2.9.6's V8 15.0 and Chromium 156's V8 15.6 bit 17). No tier-up is
 * involved, so a busy machine cannot change the answer.
 */
export function statusLayout(lazyStatus: number): StatusBits {
  return (lazyStatus & STATUS_V8_11.isLazy) === 0 && (lazyStatus & STATUS_V8_15.isLazy) !== 0 ? STATUS_V8_15 : STATUS_V8_11;
}

/** V8's natives, or null where they cannot be enabled (other runtimes). */
export function createJitControl(): JitControl | null {
  try {
    v8.setFlagsFromString('--allow-natives-syntax');
    // Natives that cannot do what they are asked (optimize a function V8 will never optimize)
    // return quietly under --fuzzing instead of aborting the process with a failed CHECK.
    v8.setFlagsFromString('--fuzzing');
    const status = new Function('f', 'return %GetOptimizationStatus(f);') as (fn: unknown) => number;
    // Prepared first, as V8 asks of manual optimization: without it V8 15 dropped the optimized loop
    // back to baseline code within a sampling phase on Deno 2.9.6 (no deoptimization logged).
    const optimizeOnNextCall = new Function('f', '%PrepareFunctionForOptimization(f); %OptimizeFunctionOnNextCall(f);') as (fn: unknown) => void;
    if (typeof status(status) !== 'number') return null;
    const lazy = new Function('return function ubenchLazyProbe(x) { return x + 1; };')() as (x: number) => number;
    return v8Control(status, optimizeOnNextCall, statusLayout(status(lazy)));
  } catch {
    return null;
  }
}

/**
 * Asks for the measured loop and the benchmark function itself to be optimized: a slow body is not
 * inlined into the loop for its time to count, and a body that calls few times per second may never
 * reach V8's budget for optimizing (its own loops then run as OSR code, while its calls stay in the
 * baseline tier). A body V8 still runs unoptimized after being asked is one it refuses to optimize.
 * Returns whether the loop had to be asked.
 */
export function ensureMeasuredCodeOptimized(jit: JitControl, runner: { tierTarget: { fn: unknown; body: { fn: unknown } | null } }): boolean {
  const asked = ensureOptimized(jit, runner.tierTarget.fn);
  if (runner.tierTarget.body !== null && typeof runner.tierTarget.body.fn === 'function') ensureOptimized(jit, runner.tierTarget.body.fn);
  return asked;
}

/**
 * After warm-up gathered type feedback, makes sure the measured code is optimized: a loop that
 * calls a slow body runs few iterations per call, so V8 may not have optimized it yet even though
 * its timings looked steady (the body it inlines then runs unoptimized). Returns whether it had to ask.
 */
export function ensureOptimized(jit: JitControl, fn: unknown): boolean {
  if (jit.settled(fn)) return false;
  jit.optimizeOnNextCall(fn);
  return true;
}

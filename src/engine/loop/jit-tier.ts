/**
 * The JIT tier of a function, read with V8's `%GetOptimizationStatus` after enabling natives
 * syntax at run time (docs/design.md §3). Decoding is pure and unit-tested on known status values.
 */
import v8 from 'node:v8';
import type { JitTier, TierReading } from '../../results/types.js';

/** V8 OptimizationStatus bits (runtime-test.cc; the same in V8 11.3 and 12.4). */
export const STATUS = {
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

export function decodeTier(status: number): JitTier {
  if ((status & STATUS.isFunction) === 0) return 'unknown';
  if (status & STATUS.turboFanned) return 'turbofan';
  if (status & STATUS.maglevved) return 'maglev';
  if (status & STATUS.baseline) return 'baseline';
  if (status & STATUS.interpreted) return 'interpreted';
  if (status & STATUS.isLazy) return 'not-compiled';
  return 'unknown';
}

export function reading(status: number): TierReading {
  return { status, tier: decodeTier(status), maybeDeopted: (status & STATUS.maybeDeopted) !== 0 };
}

export interface JitControl {
  /** `%GetOptimizationStatus(fn)`. */
  status(fn: unknown): number;
  /** `%OptimizeFunctionOnNextCall(fn)`: the next call compiles fn with TurboFan, using the feedback gathered so far. */
  optimizeOnNextCall(fn: unknown): void;
}

const OPTIMIZED = STATUS.turboFanned | STATUS.maglevved;

/** V8's natives, or null where they cannot be enabled (other runtimes). */
export function createJitControl(): JitControl | null {
  try {
    v8.setFlagsFromString('--allow-natives-syntax');
    // Natives that cannot do what they are asked (optimize a function V8 will never optimize)
    // return quietly under --fuzzing instead of aborting the process with a failed CHECK.
    v8.setFlagsFromString('--fuzzing');
    const status = new Function('f', 'return %GetOptimizationStatus(f);') as JitControl['status'];
    const optimizeOnNextCall = new Function('f', '%OptimizeFunctionOnNextCall(f);') as JitControl['optimizeOnNextCall'];
    return typeof status(status) === 'number' ? { status, optimizeOnNextCall } : null;
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
  const status = jit.status(fn);
  if ((status & OPTIMIZED) !== 0 || (status & STATUS.neverOptimize) !== 0) return false;
  jit.optimizeOnNextCall(fn);
  return true;
}

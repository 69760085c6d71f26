/**
 * JavaScriptCore's tiers on Bun, through `bun:jsc`: `numberOfDFGCompiles` tells whether a function
 * reached the optimizing tiers (DFG, then FTL), `optimizeNextInvocation` asks for them, and
 * `reoptimizationRetryCount` counts reoptimizations after speculation failed (JSC's deoptimizations).
 * JSC cannot tell its interpreter from its baseline JIT here, nor DFG from FTL.
 */
import type { TierReading } from '../../results/types.js';
import type { JitControl } from './jit-tier.js';
import { THIS_RUNTIME_TRAITS } from '../../results/runtimes/this-runtime.js';

interface BunJsc {
  numberOfDFGCompiles(fn: unknown): number;
  optimizeNextInvocation(fn: unknown): void;
  reoptimizationRetryCount(fn: unknown): number;
}

/** A reading from bun:jsc's figures. */
export function jscReading(dfgCompiles: number, reoptimizations: number): TierReading {
  return { status: dfgCompiles, tier: dfgCompiles > 0 ? 'dfg' : 'unoptimized', maybeDeopted: reoptimizations > 0, markedForOptimization: false };
}

export function jscControl(jsc: BunJsc): JitControl {
  return {
    read: (fn) => jscReading(jsc.numberOfDFGCompiles(fn), jsc.reoptimizationRetryCount(fn)),
    settled: (fn) => jsc.numberOfDFGCompiles(fn) > 0,
    optimizeOnNextCall: (fn) => jsc.optimizeNextInvocation(fn),
    // DFG and FTL read alike here.
    settledIsTopTier: false,
  };
}

/** bun:jsc's control on Bun; null elsewhere, or if the module lacks what is needed. */
export async function createJscControl(): Promise<JitControl | null> {
  if (THIS_RUNTIME_TRAITS.jitControl !== 'bun-jsc') return null;
  try {
    const jsc = (await import(/* runtime-specific */ 'bun:jsc' as string)) as Partial<BunJsc>;
    if (typeof jsc.numberOfDFGCompiles !== 'function' || typeof jsc.optimizeNextInvocation !== 'function' || typeof jsc.reoptimizationRetryCount !== 'function') return null;
    return jscControl(jsc as BunJsc);
  } catch {
    return null;
  }
}

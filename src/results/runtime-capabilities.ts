/**
 * What each runtime cannot measure, and why: reports print it under the runtime's results ("not
 * available on bun (why)") instead of a wrong number, and docs/runtimes.md explains each entry.
 * Every entry was measured: the figure is absent from that runtime's results, never estimated.
 */
import type { RuntimeName } from './runtime-identity.js';

export interface Unavailable {
  /** What is missing, as the report names it. */
  figure: string;
  why: string;
}

const PASSES = '--gc-cost, --alloc-sites, --profile, --disasm';

const UNAVAILABLE: Record<RuntimeName, readonly Unavailable[]> = {
  node: [],
  bun: [
    { figure: 'B/op and GCs while sampling', why: "JavaScriptCore keeps no per-region allocation count (Bun's v8.GCProfiler reports no collections)" },
    { figure: 'deoptimization events', why: 'JavaScriptCore has no deoptimization log; bun:jsc gives tiers and reoptimization counts only' },
    { figure: PASSES, why: "they use Node's inspector and V8 flags" },
  ],
  deno: [
    { figure: 'GCs while sampling', why: "Deno lists 'gc' performance entries but delivers none" },
    { figure: PASSES, why: "they use Node's inspector and V8 flags" },
  ],
  chromium: [
    { figure: 'B/op and GCs while sampling', why: "a page has no V8 GC profiler or 'gc' entries" },
    { figure: 'timer resolution below 5 µs', why: 'the browser coarsens performance.now() (5 µs in a cross-origin-isolated page): batches are sized to it' },
    {
      figure: '--gc-cost, --alloc-sites, --disasm',
      why: "a page has no GC profiler to show a run free of GC, and V8's allocation sampling and code printing are not driven in a page (--profile is, through the DevTools protocol)",
    },
  ],
};

export function unavailableOn(runtime: RuntimeName): readonly Unavailable[] {
  return UNAVAILABLE[runtime];
}

/** Why the passes after timing (the entry of `--` options) cannot run on a runtime. */
export function passesWhyNot(runtime: RuntimeName): string {
  return UNAVAILABLE[runtime].find((entry) => entry.figure.startsWith('--'))?.why ?? 'not supported there';
}

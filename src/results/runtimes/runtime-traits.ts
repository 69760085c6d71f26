/**
 * What each runtime is to ubench, as data: how reports name it, its engine, how its processes load
 * benchmark files, its clock, its GC hooks and JIT control, and which figures it
 * cannot give. Code asks these facts of the table (through this-runtime.ts in a benchmark process)
 * instead of checking `process.versions` itself; docs/runtimes.md explains each entry.
 */
export type RuntimeName = 'node' | 'bun' | 'deno' | 'chromium';

export type EngineName = 'V8' | 'JavaScriptCore';

/** A figure a runtime cannot give, and why: reports print "not available on bun (why)" instead of a wrong number. */
export interface Unavailable {
  /** What is missing, as the report names it. */
  figure: string;
  why: string;
}

export interface RuntimeTraits {
  /** How reports name it: `Node`, `Bun`. */
  display: string;
  engine: EngineName;
  /** Whether ubench's module loader hands each benchmark its own module instance (Bun and Deno load modules themselves). */
  ubenchLoader: boolean;
  /** The clock the measured loop reads: `process.hrtime.bigint()`, or `performance.now()` where hrtime steps coarsely or deoptimizes the loop. */
  clock: 'hrtime' | 'performance-now';
  /** Whether 'gc' performance entries arrive (GCs while sampling, GC pauses). */
  gcEntries: boolean;
  /** Whether V8's GCProfiler counts the bytes a region allocates (B/op while sampling). */
  allocationCount: boolean;
  /** The synchronous GC it offers: V8's exposed gc (full and young), Bun's `Bun.gc(true)` (full only). */
  forcedGc: 'v8' | 'bun' | 'none';
  /** How the engine's tiers are read and driven: V8's natives syntax, or bun:jsc. */
  jitControl: 'v8-natives' | 'bun-jsc' | 'none';
  /** What it cannot measure besides the passes after timing (those are derived from each pass's `runsOn`). */
  unavailable: readonly Unavailable[];
  /** Why a pass after timing that does not list it cannot run on it. */
  passesWhyNot: string;
}

const V8_PASSES_WHY_NOT = "they use Node's inspector and V8 flags";

export const RUNTIME_TRAITS: Readonly<Record<RuntimeName, RuntimeTraits>> = {
  node: {
    display: 'Node',
    engine: 'V8',
    ubenchLoader: true,
    clock: 'hrtime',
    gcEntries: true,
    allocationCount: true,
    forcedGc: 'v8',
    jitControl: 'v8-natives',
    unavailable: [],
    passesWhyNot: 'not supported there',
  },
  bun: {
    display: 'Bun',
    engine: 'JavaScriptCore',
    ubenchLoader: false,
    clock: 'hrtime',
    gcEntries: false,
    allocationCount: false,
    forcedGc: 'bun',
    jitControl: 'bun-jsc',
    unavailable: [
      { figure: 'B/op and GCs while sampling', why: "JavaScriptCore keeps no per-region allocation count (Bun's v8.GCProfiler reports no collections)" },
      { figure: 'deoptimization events', why: 'JavaScriptCore has no deoptimization log; bun:jsc gives tiers and reoptimization counts only' },
    ],
    passesWhyNot: V8_PASSES_WHY_NOT,
  },
  deno: {
    display: 'Deno',
    engine: 'V8',
    ubenchLoader: false,
    // Deno's hrtime steps like its performance.now() and deoptimized the loops it was inlined into ("not a Smi").
    clock: 'performance-now',
    // Deno lists 'gc' among the supported entry types but delivers none.
    gcEntries: false,
    allocationCount: true,
    forcedGc: 'v8',
    jitControl: 'v8-natives',
    unavailable: [{ figure: 'GCs while sampling', why: "Deno lists 'gc' performance entries but delivers none" }],
    passesWhyNot: V8_PASSES_WHY_NOT,
  },
  chromium: {
    display: 'Chromium',
    engine: 'V8',
    ubenchLoader: false,
    clock: 'performance-now',
    gcEntries: false,
    allocationCount: false,
    forcedGc: 'none',
    jitControl: 'none',
    unavailable: [
      { figure: 'B/op and GCs while sampling', why: "a page has no V8 GC profiler or 'gc' entries" },
      { figure: 'timer resolution below 5 µs', why: 'the browser coarsens performance.now() (5 µs in a cross-origin-isolated page): batches are sized to it' },
    ],
    passesWhyNot:
      "a page has no GC profiler to show a run free of GC, and V8's allocation sampling, code printing, callgrind and heap snapshots are not driven in a page (--profile is, through the DevTools protocol)",
  },
};

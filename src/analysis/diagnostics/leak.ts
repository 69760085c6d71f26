/**
 * `leak`: the benchmark kept memory. Two signs must agree: at its end, after a forced full GC, the
 * heap held at least 1 MiB more than before it started; and the heap used after each sample kept
 * growing through sampling (Mann–Kendall p < 0.01, and Sen's slope adding at least 1 MiB over the
 * samples — robust to a major GC dropping the heap once). A cache filled once raises the first sign
 * only; a GC sawtooth neither for long.
 */
import { trendTest } from '../../stats/trend.js';
import { bytes } from './format.js';
import type { Rule } from './rule.js';

/** Under 1 MiB retained is noise in a process that loads modules and compiles code. */
export const LEAK_MIN_RETAINED_BYTES = 1024 * 1024;
/** Leaking bodies are slow to sample (their GCs grow), so few samples must do: 5 strictly rising give p ≈ 0.03 two-sided, 6 give p ≈ 0.009. */
const LEAK_MIN_SAMPLES = 5;
/** Retention is required too, so the growth test need not be as strict as drift's 0.001. */
const LEAK_P_VALUE = 0.01;

export const leak: Rule = {
  code: 'leak',
  check(result) {
    const footprint = result.memory?.footprint;
    if (footprint === undefined || footprint.retainedBytes === null || footprint.retainedBytes < LEAK_MIN_RETAINED_BYTES) return [];
    const heap = footprint.heapUsedAfterSamples;
    if (heap.length < LEAK_MIN_SAMPLES) return [];
    const trend = trendTest(heap);
    const growth = trend.senSlope * (heap.length - 1);
    if (!(trend.pValue < LEAK_P_VALUE && growth >= LEAK_MIN_RETAINED_BYTES)) return [];
    const operations = (result.warmup?.iterations ?? 0) + result.samples.reduce((sum, s) => sum + s.iterations, 0);
    const perOp = operations > 0 ? footprint.retainedBytes / operations : null;
    return [
      {
        code: 'leak',
        severity: 'warning',
        message: `the benchmark retained ${bytes(footprint.retainedBytes)} after a full GC${perOp === null ? '' : ` (about ${perOp.toFixed(1)} B per operation)`}, and the heap kept growing through sampling (about ${bytes(growth)} over ${heap.length} samples)`,
        hint: 'Something keeps references across calls: a module-level array, map or cache that only grows, listeners added per call, or closures captured in a long-lived structure. Keep state per sample (create it in setup) or bound it.',
        evidence: { retainedBytes: footprint.retainedBytes, retainedPerOp: perOp, heapGrowth: growth, heapFirst: heap[0], heapLast: heap.at(-1), pValue: trend.pValue },
      },
    ];
  },
};

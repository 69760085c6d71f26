/**
 * `leak`: the benchmark kept memory. Two signs must agree: at its end, after a forced full GC, the
 * heap held at least 1 MiB more than before it started; and the heap kept growing (Mann–Kendall
 * p < 0.01, and Sen's slope adding enough over the readings — robust to one odd reading). The
 * growth is read, where the results have them, from the retention stretch's readings after a forced
 * full GC, which garbage does not raise; otherwise (older files) from the heap after each sample,
 * which garbage waiting for a major GC raises too (a bounded ring of pretenured records read as a
 * leak). A cache filled once raises the first sign only; a GC sawtooth neither for long.
 */
import { trendTest, withinTrendLimit } from '../../stats/trend.js';
import { bytes } from './format.js';
import type { Footprint } from '../../results/types.js';
import type { Rule } from './rule.js';

/** Under 1 MiB retained is noise in a process that loads modules and compiles code. */
export const LEAK_MIN_RETAINED_BYTES = 1024 * 1024;
/** Leaking bodies are slow to sample (their GCs grow), so few samples must do: 5 strictly rising give p ≈ 0.03 two-sided, 6 give p ≈ 0.009. */
const LEAK_MIN_SAMPLES = 5;
/** Retention is required too, so the growth test need not be as strict as drift's 0.001. */
const LEAK_P_VALUE = 0.01;
/**
 * Growth over the retention stretch's settled readings that counts: 256 KiB. Clean benchmarks'
 * settled readings move by a few KiB (compiled code, feedback; see docs/memory.md), and a leaking
 * body keeps at least this much over six samples of the stretch unless it keeps under ~1 B per
 * thousand operations.
 */
export const LEAK_MIN_SETTLED_GROWTH_BYTES = 256 * 1024;

/** The readings the growth is judged on, and the growth they must show. */
function growthReadings(footprint: Footprint): { heap: number[]; minGrowth: number; settled: boolean } {
  const settled = footprint.settledHeapUsed ?? [];
  if (settled.length >= LEAK_MIN_SAMPLES) return { heap: settled, minGrowth: LEAK_MIN_SETTLED_GROWTH_BYTES, settled: true };
  return { heap: footprint.heapUsedAfterSamples, minGrowth: LEAK_MIN_RETAINED_BYTES, settled: false };
}

export const leak: Rule = {
  code: 'leak',
  check(result) {
    const footprint = result.memory?.footprint;
    if (footprint === undefined || footprint.retainedBytes === null || footprint.retainedBytes < LEAK_MIN_RETAINED_BYTES) return [];
    const { heap, minGrowth, settled } = growthReadings(footprint);
    if (heap.length < LEAK_MIN_SAMPLES) return [];
    const series = withinTrendLimit(heap);
    const trend = trendTest(series);
    const growth = trend.senSlope * (series.length - 1);
    if (!(trend.pValue < LEAK_P_VALUE && growth >= minGrowth)) return [];
    const operations = (result.warmup?.iterations ?? 0) + result.samples.reduce((sum, s) => sum + s.iterations, 0);
    const perOp = operations > 0 ? footprint.retainedBytes / operations : null;
    return [
      {
        code: 'leak',
        severity: 'warning',
        message: `the benchmark retained ${bytes(footprint.retainedBytes)} after a full GC${perOp === null ? '' : ` (about ${perOp.toFixed(1)} B per operation)`}, and the heap kept growing ${settled ? 'after a full GC after each sample' : 'through sampling'} (about ${bytes(growth)} over ${heap.length} samples)`,
        hint: 'Something keeps references across calls: a module-level array, map or cache that only grows, listeners added per call, or closures captured in a long-lived structure. Keep state per sample (create it in setup) or bound it.',
        evidence: { retainedBytes: footprint.retainedBytes, retainedPerOp: perOp, heapGrowth: growth, settled, heapFirst: heap[0], heapLast: heap.at(-1), pValue: trend.pValue },
      },
    ];
  },
};

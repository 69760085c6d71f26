/**
 * GC cost by elimination (seed 001): the normal samples against the GC-free ones, as the overhead
 * per operation and as a share of the normal time, each with a percentile-bootstrap interval. A
 * GC-free run in which GCs still started inside samples gives no figure: it would be wrong.
 */
import { perOpValues } from '../results/derived-values.js';
import type { NoGcRun } from '../results/gc-cost-types.js';
import type { ErrorInfo, GcCost, GcOverhead } from '../results/types.js';
import { bootstrapMedianDifference, bootstrapMedianRatio, DEFAULT_BOOTSTRAP_RESAMPLES } from '../stats/bootstrap.js';
import { medianWithInterval } from '../stats/median-ci.js';
import { createRng } from '../stats/random.js';

/**
 * The two runs are separate processes, and this host's speed steps by ~2.7% between processes
 * (issue 2's throttle reference, quantized); an overhead smaller than 3% cannot be told from that.
 */
export const GC_COST_NOISE_SHARE = 0.03;

/** What the GC-free pass gave for one benchmark. */
export type NoGcOutcome = { status: 'done'; run: NoGcRun } | { status: 'impossible'; reason: string } | { status: 'failed'; error: ErrorInfo };

function missing(status: GcCost['status'], reason: string, partial: Partial<GcCost> = {}): GcCost {
  return { status, reason, semiSpaceMiB: null, maxIterationsPerSample: null, gcCountInSamples: null, samples: [], noGc: null, overhead: null, ...partial };
}

export function overheadOf(normal: readonly number[], noGc: readonly number[], allocates: boolean, confidence: number, seed: number): GcOverhead {
  const options = { resamples: DEFAULT_BOOTSTRAP_RESAMPLES, confidence };
  const difference = bootstrapMedianDifference(normal, noGc, { ...options, rng: createRng(seed) });
  const ratio = bootstrapMedianRatio(noGc, normal, { ...options, rng: createRng(seed) });
  const share = 1 - ratio.ratio;
  const shareCiLower = 1 - ratio.upper;
  const shareCiUpper = 1 - ratio.lower;
  const excludesZero = shareCiLower > 0 || shareCiUpper < 0;
  return {
    nsPerOp: difference.difference,
    ciLower: difference.lower,
    ciUpper: difference.upper,
    share,
    shareCiLower,
    shareCiUpper,
    // Without allocation there is no GC to eliminate: any difference is the two processes' own.
    significant: allocates && excludesZero && Math.abs(share) >= GC_COST_NOISE_SHARE,
  };
}

/** `normal`: the timing run's ns/op values (all processes pooled); `allocates`: bytes/op above the memory phase's resolution. */
export function gcCostOf(normal: readonly number[], outcome: NoGcOutcome, allocates: boolean, confidence: number, seed: number): GcCost {
  if (outcome.status === 'impossible') return missing('impossible', `GC cost cannot be eliminated: ${outcome.reason}`);
  if (outcome.status === 'failed') return missing('failed', `the GC-free run failed: ${outcome.error.message}`);
  const { run } = outcome;
  const facts = { semiSpaceMiB: run.semiSpaceMiB, maxIterationsPerSample: run.maxIterationsPerSample, gcCountInSamples: run.gcCountInSamples, samples: run.samples };
  if (run.gcCountInSamples > 0) {
    return missing(
      'failed',
      `${run.gcCountInSamples} GC(s) still started inside GC-free samples: allocation outside the young generation (large or old-generation objects, external memory) cannot be eliminated this way`,
      facts,
    );
  }
  return withGcFreeFigures(facts, normal, allocates, confidence, seed);
}

/** The GC-free estimate and the overhead, from the GC-free samples against the benchmark's own. */
function withGcFreeFigures(
  facts: Pick<GcCost, 'semiSpaceMiB' | 'maxIterationsPerSample' | 'gcCountInSamples' | 'samples'>,
  normal: readonly number[],
  allocates: boolean,
  confidence: number,
  seed: number,
): GcCost {
  const values = perOpValues(facts.samples);
  if (values.length === 0 || normal.length === 0) return missing('failed', 'no samples to compare', facts);
  const { median, lower, upper } = medianWithInterval(values, confidence);
  return {
    status: 'measured',
    reason: null,
    ...facts,
    noGc: { nsPerOp: median, ciLower: lower, ciUpper: upper, confidence, method: 'median-order-statistics' },
    overhead: overheadOf(normal, values, allocates, confidence, seed),
  };
}

/** A measured GC cost derived again from the GC-free samples it records, as `analyse()` does on reading a file. */
export function refitGcCost(cost: GcCost, normal: readonly number[], allocates: boolean, confidence: number, seed: number): GcCost {
  if (cost.status !== 'measured') return cost;
  const { semiSpaceMiB, maxIterationsPerSample, gcCountInSamples, samples } = cost;
  return withGcFreeFigures({ semiSpaceMiB, maxIterationsPerSample, gcCountInSamples, samples }, normal, allocates, confidence, seed);
}

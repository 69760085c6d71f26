/**
 * Steady-state detection for warm-up, after Jetpack Microbenchmark's WarmupManager: a fast and a
 * slow exponential moving average of the per-operation time; once they agree for long enough the
 * JIT and caches have settled. Pure: feed it measurements, it says when to stop.
 */

export interface WarmupThresholds {
  /** Smallest number of batches before warm-up may end. */
  minBatches: number;
  /** Consecutive "similar" batches needed to declare steady state (strictly more than this). */
  minSimilar: number;
  /**
   * Smallest warm-up duration: the time the JIT's tiers and the heap's sizing take, where they
   * cannot be read. A warm-up whose `settledEarly` check says both are done may end before it.
   */
  minDurationNs: number;
  /** Warm-up ends unconverged at this duration. */
  maxDurationNs: number;
}

/** Jetpack FAST_RATIO: the fast average follows the last ~10 batches. */
const FAST_ALPHA = 0.1;
/** Jetpack SLOW_RATIO: the slow average remembers ~200 batches. */
const SLOW_ALPHA = 0.005;
/** Jetpack THRESHOLD: fast/slow within ±4% counts as similar. */
const SIMILAR_TOLERANCE = 0.04;
/**
 * Ours: the averages follow a running median of the last 5 batches. A GC pause or an interruption
 * makes one batch 2–3× slower; Jetpack's ±4% test then resets its similar-batch count, and heavily
 * allocating bodies never converge. A level shift (tier change, deopt) survives a median of 5.
 */
const SPIKE_FILTER_WINDOW = 5;
/** Jetpack MIN_ITERATIONS. */
export const WARMUP_MIN_BATCHES = 30;
/** Jetpack MIN_SIMILAR_ITERATIONS. */
export const WARMUP_MIN_SIMILAR = 40;
/** Jetpack MIN_DURATION_NS (250 ms). */
export const WARMUP_MIN_DURATION_NS = 250e6;
/**
 * Ours: when a single call already exceeds a sample's target time, the JIT has long finished after
 * a handful of calls; Jetpack's 30 + 40 batches would spend seconds per slow benchmark.
 */
export const SLOW_BODY_MIN_BATCHES = 8;
/** Ours: similar batches required for slow bodies (see SLOW_BODY_MIN_BATCHES). */
export const SLOW_BODY_MIN_SIMILAR = 6;

export type WarmupVerdict = 'continue' | 'converged' | 'capped';

export class WarmupDetector {
  private batches = 0;
  private similar = 0;
  private fast = 0;
  private slow = 0;
  private readonly recent: number[] = [];

  constructor(private thresholds: WarmupThresholds) {}

  /** Switches to other thresholds, keeping the averages (used when the body turns out slow). */
  relax(thresholds: WarmupThresholds): void {
    this.thresholds = thresholds;
  }

  /** The fast moving average of ns/op: the best current guess of the steady per-op time. */
  get fastAverage(): number {
    return this.fast;
  }

  get batchCount(): number {
    return this.batches;
  }

  /**
   * Records one batch's ns/op; `elapsedNs` is the warm-up time so far. `settledEarly`, asked only
   * once the batches agree before the minimum duration, says whether what that minimum waits for is
   * already done (the measured code at its top tier, a heap with nothing to size).
   */
  push(rawNsPerOp: number, elapsedNs: number, settledEarly?: () => boolean): WarmupVerdict {
    this.batches++;
    this.recent.push(rawNsPerOp);
    if (this.recent.length > SPIKE_FILTER_WINDOW) this.recent.shift();
    const nsPerOp = runningMedian(this.recent);
    if (this.batches === 1) {
      this.fast = nsPerOp;
      this.slow = nsPerOp;
    } else {
      this.fast = FAST_ALPHA * nsPerOp + (1 - FAST_ALPHA) * this.fast;
      this.slow = SLOW_ALPHA * nsPerOp + (1 - SLOW_ALPHA) * this.slow;
      // Ours: forget a slower past at once. Jetpack's iterations start warm-ish; ours start in the
      // interpreter at 10–100× the steady time, which α = 0.005 would take > 1000 batches to forget.
      // Only downward breaks reset: a slowdown (deopt) must still wait out the slow average.
      if (this.fast < this.slow * (1 - SIMILAR_TOLERANCE)) this.slow = this.fast;
      const ratio = this.slow > 0 ? this.fast / this.slow : 1;
      this.similar = Math.abs(ratio - 1) < SIMILAR_TOLERANCE ? this.similar + 1 : 0;
    }
    const t = this.thresholds;
    const steady = this.batches >= t.minBatches && this.similar > t.minSimilar;
    if (steady && (elapsedNs >= t.minDurationNs || settledEarly?.() === true)) return 'converged';
    if (elapsedNs >= t.maxDurationNs) return 'capped';
    return 'continue';
  }
}

function runningMedian(window: readonly number[]): number {
  const sorted = [...window].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

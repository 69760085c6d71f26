/** The two shapes every measured figure is made of: a timed batch, and an estimate with its interval. */

/** One timed batch: `iterations` calls of the benchmark took `elapsedNs` in total. */
export interface Sample {
  iterations: number;
  elapsedNs: number;
  /**
   * The interleaved round the sample was taken in (absent in sequential mode and in older files).
   * Samples of different benchmarks (and of the floor) with the same round were taken in the same
   * round of the same process: the key is the process's key (a number drawn per process, unique across
   * runs so merged files keep rounds apart; the process id in older files) × 1,000,000 plus the round's number.
   */
  round?: number;
  /** The latency reference timed next to this sample: ns per 1,000 steps of a fixed integer dependency chain (absent in older files). */
  hostNs?: number;
  /** The throughput reference timed next to this sample: ns per 1,000 iterations of an empty counted loop (absent in older files). */
  hostThroughputNs?: number;
  /**
   * How long the benchmark's thread waited for a CPU during the sample's timed part beyond the CPU
   * time the process's own helper threads (GC, compiler) used meanwhile, ns: other programs'
   * timeslices, which the host references, timed for a moment next to the sample, rarely see. Read
   * over the sample's window and apportioned to its timed part by the timed share of the window
   * (per-call states are made untimed inside it). Absent in older files, in sequential mode, and
   * where the scheduler's per-thread figures cannot be read.
   */
  waitNs?: number;
  /**
   * Pause time of the garbage collections that started during the sample, ns (at most its
   * `elapsedNs`): Node's GC entries, attributed to the window each GC started in. Absent where it
   * was 0, in older files, and where the runtime delivers no GC entries.
   */
  gcNs?: number;
}

export interface Estimate {
  /** Point estimate of the time per operation (median of per-sample ns/op). */
  nsPerOp: number;
  ciLower: number;
  ciUpper: number;
  /** Confidence level of [ciLower, ciUpper], e.g. 0.95. */
  confidence: number;
  /** How the interval was computed. */
  method: 'median-order-statistics' | 'two-level-bootstrap';
}

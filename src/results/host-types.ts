/** The host's speed as the results file records it: during each benchmark, and over the whole run. */

/** The host's speed during one benchmark's samples (see analysis/host-track.ts). */
export interface HostTrack {
  /** Where the figure comes from: the host references (and the neighbours steady against them) in the same rounds, or the references timed after each sample. */
  source: 'rounds' | 'reference';
  /** How far the host's speed moved during the samples: the 90th over the 10th percentile of the smoothed host factor, minus 1 (0.09 = 9%). */
  movement: number;
  /** Smoothed host factor of the slowest and the fastest stretch (1 = the usual speed during this benchmark; 1.1 = 10% slower). */
  slowest: number;
  fastest: number;
  /** Median of the latency reference next to the samples, ns per 1,000 steps (null when not measured). */
  referenceNs: number | null;
  /** Median of the throughput reference next to the samples, ns per 1,000 iterations (null when not measured; absent in older files). */
  throughputNs?: number | null;
  /** The samples the estimate reads: the host's quietest rounds (analysis/host-quiet.ts); absent where no process had enough of them, or in older files. */
  quiet?: HostQuiet;
}

/** The median ns/op of the samples the estimate reads: per process, those whose throughput reference read within 5% of its lowest in that process. */
export interface HostQuiet {
  nsPerOp: number;
  /** Samples the estimate reads (quiet rounds, or all of a process without enough), and samples with a throughput reading. */
  samples: number;
  of: number;
  /** Median throughput reference of the samples the estimate reads, ns per 1,000 iterations (absent in older files). */
  throughputNs?: number;
}

/** The host's speed over the whole run, against this machine's calibration (see analysis/run-host-speed.ts). */
export interface RunHost {
  /** Median of the latency reference over every sample of the run, ns per 1,000 steps. */
  referenceNs: number;
  /** The machine's usual figure from its calibration file before this run, or null on a machine's first run. */
  usualNs: number | null;
  /** referenceNs / usualNs − 1 (0.1 = this run's host was 10% slower than usual), or null. */
  versusUsual: number | null;
  /** The same for the throughput reference, ns per 1,000 iterations (absent in older files; null when not measured or not calibrated). */
  throughputNs?: number | null;
  usualThroughputNs?: number | null;
  versusUsualThroughput?: number | null;
  /** Runs the calibration held before this one. */
  calibrationRuns: number;
}

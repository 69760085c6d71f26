/** Everything a run needs to know, already validated (the CLI builds it from flags). */
export interface RunOptions {
  targets: string[];
  cwd: string;
  filter: string | null;
  jsonPath: string | null;
  timeBudgetNs: number;
  warmupMaxNs: number;
  isolate: 'file' | 'benchmark';
  forks: number;
  timeoutNs: number;
  seed: number;
  precisionTarget: number;
  quiet: boolean;
  /** Warnings fail the run (exit 1), for CI. */
  strict: boolean;
  /** Measure GC cost by elimination (a GC-free pass after timing). */
  gcCost: boolean;
  /** Profile allocation sites (a pass after timing). */
  allocSites: boolean;
  /** A previous results file whose bytes/op and retained memory this run must not exceed. */
  baselinePath: string | null;
}

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
}

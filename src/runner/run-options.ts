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
  /** Sample a file's benchmarks in randomized interleaved rounds (default) rather than one after another (`--sequential`). */
  interleave: boolean;
  quiet: boolean;
  /** Warnings fail the run (exit 1), for CI. */
  strict: boolean;
  /** Measure GC cost by elimination (a GC-free pass after timing). */
  gcCost: boolean;
  /** Profile allocation sites (a pass after timing). */
  allocSites: boolean;
  /** Profile each benchmark's CPU time (a pass after timing): hot functions and lines. */
  profile: boolean;
  /** Print the measured loop's optimized machine code, annotated with perf samples where possible (a pass after timing). */
  disasm: boolean;
  /** Hot functions and lines listed per benchmark. */
  profileTop: number;
  /** Where `.cpuprofile` and machine-code files go (a folder per run is made inside). */
  profileDir: string;
  /** Where to save this run's results as a baseline (`--save-baseline`), or null. */
  saveBaselinePath: string | null;
  /** A saved results file to compare this run with after it (`--compare`), or null. */
  comparePath: string | null;
  /** Noise band of that comparison. */
  noise: number;
  /** Exit 1 when the comparison finds a benchmark significantly slower by more than this fraction. */
  failOnRegression: number | null;
  /** A previous results file whose bytes/op and retained memory this run must not exceed. */
  baselinePath: string | null;
  /** The run-history folder (`.ubench/runs`) this run's results are kept in, or null (`--no-history`). */
  historyDir: string | null;
  /** This machine's host calibration file (runner/host-calibration.ts), or null to neither read nor update it. */
  calibrationPath: string | null;
  /** Environment variables for every child process on top of the parent's (the probe's quick mode); none when absent. */
  childEnv?: Record<string, string>;
}

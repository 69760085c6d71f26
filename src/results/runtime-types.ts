/** The runtimes of a results file (`--runtime`): what each benchmark ran on, and how it compares with the first. */
import type { EngineName, RuntimeName } from './runtime-identity.js';

/** The runtime of one benchmark: what it is, as its process reported. */
export interface BenchmarkRuntime {
  /** As given to `--runtime` (`node`, `bun`, `node@22`, `chromium`): the key of the runtime's results and its column heading. */
  label: string;
  name: RuntimeName;
  /** The runtime's own version (`1.4.5` for Bun, the browser's for Chromium). */
  version: string;
  engine: EngineName;
  engineVersion: string;
}

/** A benchmark on one runtime against the same benchmark on the run's first runtime. */
export interface RuntimeRelative {
  /** Label of the first runtime. */
  reference: string;
  /** This estimate over the first runtime's: < 1 is faster. */
  ratio: number;
  ciLower: number;
  ciUpper: number;
}

/** A runtime a run measured on, with the figures its first process gave. */
export interface RunRuntime extends BenchmarkRuntime {
  /** The executable that ran the benchmark processes. */
  executable: string;
  /** Clock figures measured by its first process. */
  clock: ClockInfo | null;
  /** Flags its processes ran with (runtime and engine flags, as the process saw them). */
  flags: string[];
  /** Throttling reference workload timed by its first process, ns. */
  throttleBaselineNs: number | null;
}

/** A runtime's clock as its first process measured it. */
export interface ClockInfo {
  /** Cost of one clock read, ns. */
  costNs: number;
  /** Smallest non-zero step observed between consecutive reads, ns. */
  resolutionNs: number;
}

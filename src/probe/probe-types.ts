/**
 * The `ubench probe` document: what each machine experiment measured (every point with its CI) and
 * what it infers, next to what the operating system reports. `ubench probe --json` writes it; the
 * terminal report and the HTML report read only this shape. docs/results-format.md documents it.
 */
import type { ClockInfo, Environment } from '../results/types.js';
import type { OsCacheFacts } from './os-cache-facts.js';

/** Marks the probe document; the version is bumped on an incompatible change of its shape. */
export const PROBE_FORMAT = { format: 'ubench-probe', version: 1 } as const;

/**
 * Start of a benchmark error that means "this machine cannot run the experiment" (too little free
 * memory); probe/probe-env.ts throws it. Such an experiment is reported as skipped, not failed.
 */
export const CANNOT_RUN = 'cannot run: ';

/** The unit of a series axis or of an inferred value. */
export type ProbeUnit = 'bytes' | 'ns' | 'GB/s' | 'ratio' | 'lanes' | 'label';

/** One measured point: x, the derived y with its 95% CI, and the raw ns/op it came from. */
export interface ProbePoint {
  /** A number (bytes, lanes) or a category (`random`, `prefix sum`). */
  x: number | string;
  y: number;
  yLower: number;
  yUpper: number;
  /** The benchmark's estimate and CI, ns per operation (one operation is defined per experiment). */
  nsPerOp: number;
  ciLower: number;
  ciUpper: number;
  sampleCount: number;
}

/** One curve (or set of bars) of an experiment. */
export interface ProbeSeries {
  name: string;
  /** What one operation of the benchmark is, and how y is derived from ns/op. */
  description: string;
  xLabel: string;
  xUnit: ProbeUnit;
  yLabel: string;
  yUnit: ProbeUnit;
  /** Plot y on a log scale (latencies spanning orders of magnitude). */
  logY: boolean;
  points: ProbePoint[];
}

/** An inferred value, with the operating system's figure for it where there is one. */
export interface ProbeFinding {
  name: string;
  /** Null when the data show no such value (e.g. no knee found). */
  value: number | null;
  unit: ProbeUnit;
  /** The OS's figure in the same unit, or null when the OS does not say. */
  os: number | null;
  /** Whether value and OS figure agree under the finding's rule; null when there is nothing to compare. */
  agrees: boolean | null;
  /** How the value was obtained or why it is missing; null when nothing needs saying. */
  note: string | null;
  /**
   * A cache-size knee's climb: the working set at its top. The level's capacity lies between `value`
   * and this. Absent in other findings and in documents of earlier versions.
   */
  upTo?: number;
  /**
   * A cache-size knee's plateau: ns per load just before its climb (the level's latency). Absent in
   * other findings and in documents of earlier versions.
   */
  plateauNs?: number;
  /** Why the value was withheld as physically implausible (`value` is then null); absent when it was not. */
  withheld?: string;
}

/**
 * A figure the plausibility check (check-plausibility.ts) kept out of the reports, with what it was:
 * a finding (series and x null) or a measured point, the range it left (null for a figure withheld
 * because one it derives from was), and why.
 */
export interface WithheldFigure {
  /** `memory latency`, or `<series> at <x>` for a point. */
  figure: string;
  series: string | null;
  x: number | string | null;
  value: number;
  unit: ProbeUnit;
  range: string | null;
  low: number | null;
  high: number | null;
  reason: string;
}

export type ProbeStatus = 'ok' | 'skipped' | 'failed';

export interface ProbeExperimentResult {
  id: string;
  title: string;
  /** The bench file, relative to the working directory. */
  file: string;
  /** `skipped`: this machine cannot run it (reason says why); `failed`: an error. Partial data stay. */
  status: ProbeStatus;
  reason: string | null;
  series: ProbeSeries[];
  findings: ProbeFinding[];
  /** Remarks on points that could not be measured or on how to read the result. */
  notes: string[];
  /** Figures outside their physical range, taken out of `series` and `findings`; absent in documents of earlier versions. */
  withheld?: WithheldFigure[];
}

export interface ProbeDocument {
  format: typeof PROBE_FORMAT.format;
  version: typeof PROBE_FORMAT.version;
  /** Whether `--quick` sizes were used. */
  quick: boolean;
  /** False when the probe was interrupted before every experiment ran. */
  complete: boolean;
  environment: Environment;
  /** The clock as ubench measured it in the probe's processes; null when no process reported it. */
  timer: ClockInfo | null;
  os: OsCacheFacts;
  /** Where the OS facts came from, for messages ("no sysfs"). */
  osSource: string;
  experiments: ProbeExperimentResult[];
}

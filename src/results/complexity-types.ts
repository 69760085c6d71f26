/**
 * The results file's `complexity` field: for benchmarks swept over one numeric parameter, the
 * growth law fitted to their estimates and the cliffs in their cost per element
 * (analysis/complexity.ts computes it; docs/results-format.md documents it).
 */
import type { ComplexityModel, ComplexityStatus } from '../stats/complexity-fit.js';

export type { ComplexityModel, ComplexityStatus } from '../stats/complexity-fit.js';

/** A level's name for the probe's last climb before main memory; messages say `the last-level cache`. */
export const LAST_LEVEL_CACHE = 'LLC';

/** One cache level's capacity, as named in messages (`L1d`, `L2`). */
export interface CacheLevelSize {
  name: string;
  sizeBytes: number;
  /** True when the name is only the rank of a probe knee the operating system does not name (the second knee: `L2`). */
  ranked: boolean;
  /**
   * A probe knee's climb: the working set at its top, where the level has been left; the capacity lies
   * between `sizeBytes` and this. Null for the OS's sizes and probe documents without it.
   */
  climbEndBytes: number | null;
}

/** The cache sizes cliffs are named against. */
export interface CacheFacts {
  /** `probe`: the knees a `ubench probe` document inferred (`--probe`); `os`: the sizes the operating system reports. */
  source: 'probe' | 'os';
  /** The probe document's path, or the OS folder read. */
  origin: string;
  /** Smallest first. */
  levels: CacheLevelSize[];
}

/** One size of a sweep. */
export interface ComplexityPoint {
  /** The swept parameter's value. */
  n: number;
  /** The benchmark measured at this size. */
  id: string;
  nsPerOp: number;
  ciLower: number;
  ciUpper: number;
}

/** A model fitted as `constantNs + coefficientNs · f(n)`. */
export interface ComplexityModelFit {
  model: ComplexityModel;
  constantNs: number;
  /** ns per unit of the term: per n, per n·log₂n, …; 0 for O(1). */
  coefficientNs: number;
  /** Root mean square of the relative residuals, weighted by the points' precision. */
  rms: number;
  /** The term's share of the fitted time at the largest size; under 0.5 a growth model does not count. */
  growthShare: number;
  /**
   * The level steps fitted with the law, smallest size first: past a step every time is the law's
   * times the product of the multipliers so far. Absent in files written before steps were fitted (none).
   */
  steps?: { fromN: number; toN: number; multiplier: number }[];
  /** The rms penalized for the fit's parameters (law and steps), by which models are compared. Absent in older files. */
  penalizedRms?: number;
}

/** Consecutive sizes between which the cost per element jumped beyond the CIs and the growth law. */
export interface ComplexityCliff {
  fromN: number;
  toN: number;
  /** Cost per element at toN over that at fromN. */
  ratio: number;
  /** The same from the CI edges that make it smallest. */
  ratioLower: number;
  /** What the fitted growth law (without its steps) expects of the ratio. */
  expected: number;
  /** The level step fitted here: the time past the step over what the law alone gives (absent in older files, and when no law fits). */
  jump?: number;
  /** Working sets n · bytesPerItem on each side (null without `bytesPerItem`). */
  fromBytes: number | null;
  toBytes: number | null;
  /** Cache levels whose size lies in [fromBytes, toBytes]: the ones the working set left. */
  crossed: CacheLevelSize[];
}

/** One swept benchmark: the same file, group, runtime and name, one numeric parameter varying, the others fixed. */
export interface ComplexityGroup {
  file: string;
  group: string | null;
  baseName: string;
  /** The runtime's label when the run measured several. */
  runtime: string | null;
  /** The swept parameter. */
  param: string;
  /** The other parameters, held fixed (ParamValue's values; spelled out so this file needs nothing of types.ts, which refers to it). */
  fixed: Record<string, string | number | boolean | null>;
  /** Smallest size first. */
  points: ComplexityPoint[];
  /** The benchmark's declared `bytesPerItem`, or null. */
  bytesPerItem: number | null;
  /** The chosen model. */
  best: ComplexityModelFit;
  /** The other model with the smallest error, or null when no other growth law carries weight. */
  runnerUp: ComplexityModelFit | null;
  /** Other models the data cannot tell from the chosen one. */
  indistinct: ComplexityModel[];
  status: ComplexityStatus;
  /** Relative RMS error within which models fit equally well. */
  tolerance: number;
  /** The points' relative 95% CI half-widths as the fit weighs them: `sqrt(N / Σ 1/hᵢ²)`, each floored at ±1.96% (a 1% standard error, as in the weights). */
  noise: number;
  /** Every model, O(1) to O(n³). */
  fits: ComplexityModelFit[];
  cliffs: ComplexityCliff[];
}

export interface ComplexityReport {
  /** Null when no swept benchmark declares `bytesPerItem`, or no cache sizes were known. */
  caches: CacheFacts | null;
  groups: ComplexityGroup[];
}

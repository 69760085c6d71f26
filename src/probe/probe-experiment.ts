/**
 * One machine experiment of `ubench probe`: its bench file under `probe/`, and how its benchmark
 * results become series (every point with its CI) and findings (inferred values beside the OS's).
 */
import type { BenchmarkResult } from '../results/types.js';
import type { OsCacheFacts } from './os-cache-facts.js';
import type { ProbeFinding, ProbePoint, ProbeSeries } from './probe-types.js';

export interface ProbeAnalysis {
  series: ProbeSeries[];
  findings: ProbeFinding[];
  notes: string[];
}

export interface ProbeExperiment {
  /** The name `--only` takes, and the bench file's stem (`probe/<id>.bench.ts`). */
  id: string;
  title: string;
  /** Turns the file's successful benchmarks into series and findings; never throws on missing points. */
  analyze(benchmarks: readonly BenchmarkResult[], os: OsCacheFacts): ProbeAnalysis;
}

/** A numeric parameter of a benchmark (e.g. `stride`), or NaN when it is missing. */
export function numericParam(b: BenchmarkResult, key: string): number {
  const value = b.params[key];
  return typeof value === 'number' ? value : Number.NaN;
}

/**
 * The measured points of the benchmarks named `baseName`: x from `x`, y = `y(ns/op)` with the CI
 * mapped through the same function (either direction: GB/s falls as ns/op grows). Numeric x sorted.
 */
export function probePoints(benchmarks: readonly BenchmarkResult[], baseName: string, x: (b: BenchmarkResult) => number | string, y: (nsPerOp: number, b: BenchmarkResult) => number): ProbePoint[] {
  const points: ProbePoint[] = [];
  for (const b of benchmarks) {
    if (b.baseName !== baseName || b.status !== 'ok' || b.estimate === null) continue;
    const { nsPerOp, ciLower, ciUpper } = b.estimate;
    const bounds = [y(ciLower, b), y(ciUpper, b)];
    points.push({ x: x(b), y: y(nsPerOp, b), yLower: Math.min(...bounds), yUpper: Math.max(...bounds), nsPerOp, ciLower, ciUpper, sampleCount: b.stats?.sampleCount ?? b.samples.length });
  }
  if (points.every((p) => typeof p.x === 'number')) points.sort((a, b) => (a.x as number) - (b.x as number));
  return points;
}

/** A finding with no OS counterpart (the OS says nothing about branch predictors). */
export function measuredOnly(name: string, value: number | null, unit: ProbeFinding['unit'], note: string | null = null): ProbeFinding {
  return { name, value, unit, os: null, agrees: null, note };
}

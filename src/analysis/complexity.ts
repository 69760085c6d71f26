/**
 * Complexity of swept benchmarks: benchmarks of the same file, runtime, group and name whose
 * parameters differ in exactly one numeric key form a sweep; a sweep over at least four sizes gets
 * the growth law fitted to its estimates with level steps where the cost jumps (stats/complexity-fit.ts),
 * the steps reported as cost cliffs (stats/cost-cliffs.ts), each cliff named after the cache levels its working set crossed when the
 * benchmark declares `bytesPerItem` and the cache sizes are known.
 */
import type { CacheFacts, CacheLevelSize, ComplexityCliff, ComplexityGroup, ComplexityModelFit, ComplexityReport } from '../results/complexity-types.js';
import { runtimeKey } from '../results/runtime-keys.js';
import type { BenchmarkResult, ParamValue, ResultsFile } from '../results/types.js';
import { fitComplexity, MIN_SIZES, type ModelFit } from '../stats/complexity-fit.js';
import { cliffsFromSteps, findCostCliffs } from '../stats/cost-cliffs.js';

interface Sweep {
  members: BenchmarkResult[];
  param: string;
  fixed: Record<string, ParamValue>;
}

function isSize(value: ParamValue): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1;
}

/** Every sweep of the benchmarks: one per (file, runtime, group, name, swept key, other values). */
function sweepsOf(benchmarks: readonly BenchmarkResult[]): Sweep[] {
  const sweeps = new Map<string, Sweep>();
  for (const b of benchmarks) {
    if (b.status !== 'ok' || b.estimate === null || !(b.estimate.nsPerOp > 0)) continue;
    for (const [param, value] of Object.entries(b.params)) {
      if (!isSize(value)) continue;
      const fixed = Object.fromEntries(Object.entries(b.params).filter(([k]) => k !== param));
      const key = JSON.stringify([b.file, runtimeKey(b), b.group, b.baseName, param, fixed]);
      const sweep = sweeps.get(key) ?? { members: [], param, fixed };
      sweep.members.push(b);
      sweeps.set(key, sweep);
    }
  }
  return [...sweeps.values()].filter((s) => new Set(s.members.map((m) => m.params[s.param])).size >= MIN_SIZES);
}

/**
 * The levels the working set outgrew on the step from `fromBytes` to `toBytes`. A known size counts
 * when it lies in [fromBytes, toBytes]; the ends count: a working set exactly a cache's size already
 * misses it in part (other data, and associativity, share it), so a cliff may show on either step
 * next to that size. A probe knee counts when its climb (from `sizeBytes` to `climbEndBytes`, where
 * the level is being left) overlaps the step and does not end where the step starts.
 */
export function crossedLevels(levels: readonly CacheLevelSize[], fromBytes: number, toBytes: number): CacheLevelSize[] {
  return levels.filter((l) => l.sizeBytes <= toBytes && (l.climbEndBytes === null ? l.sizeBytes >= fromBytes : l.climbEndBytes > fromBytes));
}

function modelFit(fit: ModelFit): ComplexityModelFit {
  return { model: fit.model, constantNs: fit.constantNs, coefficientNs: fit.coefficientNs, rms: fit.rms, growthShare: fit.growthShare, steps: fit.steps, penalizedRms: fit.penalizedRms };
}

function groupOf(sweep: Sweep, caches: CacheFacts | null): ComplexityGroup | null {
  const members = [...sweep.members].sort((a, b) => (a.params[sweep.param] as number) - (b.params[sweep.param] as number));
  const points = members.map((m) => ({ n: m.params[sweep.param] as number, id: m.id, nsPerOp: m.estimate!.nsPerOp, ciLower: m.estimate!.ciLower, ciUpper: m.estimate!.ciUpper }));
  const verdict = fitComplexity(points);
  if (verdict === null) return null;
  const first = members[0]!;
  // One bytesPerItem for the sweep: its members come from one bench() call.
  const bytesPerItem = first.bytesPerItem ?? null;
  const meaningful = verdict.status !== 'too-noisy' && verdict.status !== 'poor-fit';
  // A law that fits (with its steps) gives the cliffs: its steps. When no law fits, a constant cost per element is the
  // reference; points too noisy for a law are too noisy for cliffs (against a constant, every step of a quadratic was one).
  const found = meaningful ? cliffsFromSteps(points, verdict.best) : verdict.status === 'poor-fit' ? findCostCliffs(points, null) : [];
  const cliffs: ComplexityCliff[] = found.map((c) => {
    const fromBytes = bytesPerItem === null ? null : c.fromN * bytesPerItem;
    const toBytes = bytesPerItem === null ? null : c.toN * bytesPerItem;
    const crossed = fromBytes === null || toBytes === null || caches === null ? [] : crossedLevels(caches.levels, fromBytes, toBytes);
    return { ...c, fromBytes, toBytes, crossed };
  });
  return {
    file: first.file,
    group: first.group,
    baseName: first.baseName,
    runtime: first.runtime?.label ?? null,
    param: sweep.param,
    fixed: sweep.fixed,
    points,
    bytesPerItem,
    best: modelFit(verdict.best),
    runnerUp: verdict.runnerUp === null ? null : modelFit(verdict.runnerUp),
    indistinct: verdict.indistinct,
    status: verdict.status,
    tolerance: verdict.tolerance,
    noise: verdict.noise,
    fits: verdict.fits.map(modelFit),
    cliffs,
  };
}

/** The complexity report of the benchmarks, or null when none was swept over enough sizes. */
export function complexityReport(benchmarks: readonly BenchmarkResult[], caches: CacheFacts | null): ComplexityReport | null {
  const groups = sweepsOf(benchmarks).flatMap((s) => groupOf(s, caches) ?? []);
  if (groups.length === 0) return null;
  return { caches: groups.some((g) => g.bytesPerItem !== null) ? caches : null, groups };
}

/**
 * The file with its `complexity` field computed again from its benchmarks; `caches` defaults to the
 * cache facts the file already holds (those of the run that wrote it).
 */
export function withComplexity(file: ResultsFile, caches: CacheFacts | null = file.complexity?.caches ?? null): ResultsFile {
  const report = complexityReport(file.benchmarks, caches);
  const { complexity: _old, ...rest } = file;
  return report === null ? rest : { ...rest, complexity: report };
}

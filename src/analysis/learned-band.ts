/**
 * The band a change between two single-process runs must clear, per benchmark: learned from the runs
 * kept in history of the same code (source fingerprint) on the same machine, runtime and settings —
 * how much this benchmark's estimate moves from one process to the next — or, with too few such
 * runs, the fixed allowance every benchmark gets. One function for `compare`, `--compare` and
 * `history` (docs/comparing.md, "Bands learned from history").
 */
import { formatThresholdPercent } from '../results/text/format-units.js';
import { runtimeOfResult } from '../results/runtime-keys.js';
import type { BenchmarkResult, ResultsFile } from '../results/types.js';
import { studentTCritical } from '../stats/student-t.js';
import { fingerprintOfFile, sameMachine } from './machine-fingerprint.js';

/**
 * What single processes of one benchmark typically differ by, when history cannot tell for this
 * benchmark: measured on this project's 2-core VMs (lab/corpus-rates.md: pairs of single-process
 * runs of the clean corpus): half of the benchmarks of unchanged code moved by more than 2.1% (tuning half).
 */
export const PROCESS_ALLOWANCE = 0.02;

/**
 * Fewest kept runs of a benchmark's code that give it a band of its own. The band's t quantile
 * accounts for how little a few runs say of the spread, but only under the normal model: with 5 runs
 * (4 degrees of freedom) t(0.975, 4) = 2.78 is 1.42× the normal's 1.96 and one odd run moves the
 * standard deviation by at most about half; with 3 runs t(0.975, 2) = 4.30 and one odd run decides it.
 */
export const MIN_BAND_RUNS = 5;

/**
 * Share of pairs of runs of unchanged code the band should hold: 95%, two-sided, the level of every
 * interval ubench reports (stats/confidence.ts) — about 1 row in 20 could exceed it by the point
 * estimate; the verdict also wants the whole CI of the change beyond it, so fewer are called.
 */
export const BAND_COVERAGE = 0.95;

/** Where a row's band came from: learned from `runs` kept runs (their spread the log-sd), or the fixed default with why. */
export interface BandBasis {
  learned: boolean;
  /** Kept runs of this benchmark's code that matched (machine, runtime, settings, source). */
  runs: number;
  /** Standard deviation of the runs' log estimates (host-corrected where every run of a code has its reference); null when not learned. */
  spread: number | null;
  /** Why the default was used (absent when learned). */
  why?: string;
}

/** The part of a row's band that stands for what processes differ by (the host's shift between the two runs comes on top). */
export interface ProcessBand {
  band: number;
  basis: BandBasis;
}

/** One side of a comparison: the run's file and the benchmark's result in it. */
export interface BandSide {
  file: ResultsFile;
  result: BenchmarkResult;
}

/** The settings that shape a benchmark's figure: runs differing in one of them are not runs of the same measurement. */
export function figureSettingsKey(file: ResultsFile): string {
  const s = file.settings;
  return JSON.stringify([s.timeBudgetNs, s.warmupMaxNs, s.precisionTarget, s.isolate, s.interleave ?? true, s.forks, s.filter, s.nodeFlags ?? []]);
}

const runtimeKey = (side: BandSide): string => {
  const r = runtimeOfResult(side.file, side.result);
  return `${r.label} ${r.name} ${r.version}`;
};

/**
 * The band for a change between two runs given by `t(½ + coverage/2, df)·√2·s` in log terms: for two
 * new runs A and B of one code, log A − log B has variance 2σ², and with s the standard deviation of
 * df + 1 earlier runs (independent of A and B), (log A − log B)/(√2·s) follows Student's t with df
 * degrees of freedom — the prediction interval for the difference of two future observations
 * (Hahn, Meeker & Escobar, *Statistical Intervals*, 2nd ed., 2017, ch. 4).
 */
export function bandFromSpread(spread: number, df: number, coverage = BAND_COVERAGE): number {
  return Math.expm1(studentTCritical(coverage, df) * Math.SQRT2 * spread);
}

const defaultBand = (noise: number, runs: number, why: string): ProcessBand => ({ band: noise + PROCESS_ALLOWANCE, basis: { learned: false, runs, spread: null, why } });

/** A run's log estimate, less its host reference's log when `corrected`. */
function logValue(result: BenchmarkResult, corrected: boolean): number {
  const value = Math.log(result.estimate!.nsPerOp);
  return corrected ? value - Math.log(result.host!.referenceNs!) : value;
}

const hasReference = (r: BenchmarkResult): boolean => r.host?.referenceNs != null && r.host.referenceNs > 0;

/**
 * Pooled spread of the runs grouped by source fingerprint: each code's runs about their own mean (so
 * the base's and the new code's runs both count, neither's level shifts the other's), each corrected
 * by its host reference when every run of that code has one.
 */
export function pooledSpread(groups: readonly (readonly BenchmarkResult[])[]): { spread: number; df: number; runs: number } {
  let squares = 0;
  let df = 0;
  let runs = 0;
  for (const group of groups) {
    if (group.length === 0) continue;
    const corrected = group.every(hasReference);
    const values = group.map((r) => logValue(r, corrected));
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    squares += values.reduce((sum, v) => sum + (v - mean) ** 2, 0);
    df += values.length - 1;
    runs += values.length;
  }
  return { spread: df > 0 ? Math.sqrt(squares / df) : Number.NaN, df, runs };
}

/** Whether a kept run's result is a single-process estimate of the benchmark to learn from. */
const usable = (r: BenchmarkResult): boolean => r.status === 'ok' && r.estimate !== null && r.estimate.nsPerOp > 0 && (r.forks === null || r.forks.length <= 1);

/**
 * The process band of one benchmark between two single-process runs: learned from `history` (the kept
 * runs, any order; the two compared runs themselves are left out by run id), floored at `noise`, or
 * `noise` + PROCESS_ALLOWANCE when fewer than MIN_BAND_RUNS kept runs of its code match.
 */
export function processBand(base: BandSide, next: BandSide, history: readonly ResultsFile[], noise: number): ProcessBand {
  const [baseMachine, nextMachine] = [fingerprintOfFile(base.file), fingerprintOfFile(next.file)];
  if (!sameMachine(baseMachine, nextMachine)) return defaultBand(noise, 0, 'the runs come from different machines');
  if (runtimeKey(base) !== runtimeKey(next)) return defaultBand(noise, 0, 'the runs used different runtimes');
  const settings = figureSettingsKey(base.file);
  if (figureSettingsKey(next.file) !== settings) return defaultBand(noise, 0, 'the runs used different settings');
  const codes = [...new Set([base.result.sourceFingerprint, next.result.sourceFingerprint].filter((f): f is string => f !== undefined))];
  if (codes.length === 0) return defaultBand(noise, 0, 'no source fingerprint recorded');
  const compared = new Set([base.file.environment.runId, next.file.environment.runId].filter((id) => id !== undefined));
  const groups = new Map<string, BenchmarkResult[]>(codes.map((c) => [c, []]));
  const seen = new Set<string>();
  for (const file of history) {
    const runId = file.environment.runId;
    if (runId !== undefined && (compared.has(runId) || seen.has(runId))) continue;
    if (runId !== undefined) seen.add(runId);
    if (file.settings.forks > 1 || figureSettingsKey(file) !== settings || !sameMachine(fingerprintOfFile(file), baseMachine)) continue;
    const result = file.benchmarks.find((r) => r.id === base.result.id);
    if (result === undefined || !usable(result) || runtimeKey({ file, result }) !== runtimeKey(base)) continue;
    groups.get(result.sourceFingerprint ?? '')?.push(result);
  }
  const { spread, df, runs } = pooledSpread([...groups.values()]);
  if (df < MIN_BAND_RUNS - 1 || !Number.isFinite(spread)) return defaultBand(noise, runs, `${runs} kept run${runs === 1 ? '' : 's'} of this code`);
  return { band: Math.max(noise, bandFromSpread(spread, df)), basis: { learned: true, runs, spread } };
}

/** The basis in words: "band ±3.1% from 6 kept runs" / "band ±3% (default: 2 kept runs of this code)". */
export function bandBasisText(band: number, basis: BandBasis): string {
  const text = `band ±${formatThresholdPercent(band)}`;
  return basis.learned ? `${text} from ${basis.runs} kept run${basis.runs === 1 ? '' : 's'}` : `${text} (default: ${basis.why ?? 'not learned'})`;
}

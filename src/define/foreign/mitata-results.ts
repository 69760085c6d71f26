/**
 * ubench's figures in the shape mitata 1.x's `run()` resolves to (`{ layout, context, benchmarks }`,
 * each benchmark a trial with its `runs`, each run's `stats` as mitata's `measure()` returns them):
 * what code after a mitata file's `run()` reads under ubench (docs/integrations.md).
 * - `avg` is ubench's estimate (the median of per-sample ns/op, as ubench's table shows it);
 * - `samples` are ubench's samples' ns per call, sorted, none dropped (mitata drops the two
 *   lowest and highest), each the mean over a batch of many calls; `min`, `max` and the
 *   percentiles are read from them as mitata reads its own (the sample at index ⌊p·(n−1)⌋);
 * - `ticks` counts the calls timed; `heap` carries ubench's bytes per call; `gc`, the collections
 *   ubench forced outside the timing for `.gc('inner')`.
 * A run this process does not measure has every figure NaN; a failed one its `error`.
 */
import type { ForeignOutcome, MeasuredOutcome } from './foreign-run.js';

export interface MitataStats {
  kind: 'fn' | 'iter' | 'yield';
  debug: string;
  samples: number[];
  min: number;
  max: number;
  p25: number;
  p50: number;
  p75: number;
  p99: number;
  p999: number;
  avg: number;
  ticks: number;
  heap?: { _: number; total: number; min: number; max: number; avg: number };
  gc?: { total: number; min: number; max: number; avg: number };
}

export interface MitataRun {
  stats: MitataStats | undefined;
  error: Error | undefined;
  args: Record<string, unknown>;
  name: string;
}

export interface MitataTrial {
  kind: 'static' | 'args' | 'multi-args';
  args: Record<string, unknown[]>;
  alias: string;
  group: number;
  baseline: boolean;
  runs: MitataRun[];
  style: { highlight: string | false; compact: boolean };
}

/** What the stats say they came from. */
const DEBUG = 'measured by ubench: a generated loop per benchmark, its samples each a batch of many calls (docs/integrations.md)';

/** mitata's percentile: the sorted sample at index ⌊p·(n−1)⌋. */
const at = (sorted: readonly number[], p: number): number => (sorted.length === 0 ? Number.NaN : sorted[Math.trunc(p * (sorted.length - 1))]!);

export function measuredStats(outcome: MeasuredOutcome, kind: MitataStats['kind']): MitataStats {
  const samples = [...outcome.perOpNs].sort((a, b) => a - b);
  const n = samples.length;
  const forced = outcome.forcedGc;
  const bytes = outcome.bytesPerOp;
  return {
    kind,
    debug: DEBUG,
    samples,
    min: n === 0 ? Number.NaN : samples[0]!,
    max: n === 0 ? Number.NaN : samples[n - 1]!,
    p25: at(samples, 0.25),
    p50: at(samples, 0.5),
    p75: at(samples, 0.75),
    p99: at(samples, 0.99),
    p999: at(samples, 0.999),
    avg: outcome.estimate.nsPerOp,
    ticks: outcome.iterations,
    ...(bytes === null ? {} : { heap: { _: n, total: bytes * outcome.iterations, min: bytes, max: bytes, avg: bytes } }),
    ...(forced === null || forced.mode !== 'every-sample' ? {} : { gc: { total: forced.totalNs, min: forced.minNs, max: forced.maxNs, avg: forced.totalNs / forced.count } }),
  };
}

/** Every figure NaN: a run this process has no figures for. */
export function nanStats(kind: MitataStats['kind']): MitataStats {
  const nan = Number.NaN;
  return { kind, debug: DEBUG, samples: [], min: nan, max: nan, p25: nan, p50: nan, p75: nan, p99: nan, p999: nan, avg: nan, ticks: 0 };
}

/** A run's stats and error from what ubench measured of it (undefined: not declared). */
export function runFigures(outcome: ForeignOutcome | undefined, kind: MitataStats['kind']): Pick<MitataRun, 'stats' | 'error'> {
  if (outcome?.state === 'measured') return { stats: measuredStats(outcome, kind), error: undefined };
  if (outcome?.state === 'failed') return { stats: undefined, error: new Error(outcome.message) };
  return { stats: nanStats(kind), error: undefined };
}

/** mitata's run name: the declared name with each `$arg` replaced by its value. */
export function runName(name: string, args: Readonly<Record<string, unknown>>): string {
  let named = name;
  for (const [key, value] of Object.entries(args)) named = named.replaceAll(`$${key}`, String(value));
  return named;
}

/**
 * `ubench ab`: runs two sides in alternating fresh processes, ABBA order (AB, BA, AB, …), each
 * process timing every benchmark of its side's files the usual way (both sides of a pair with the
 * same seed, so the same sample sizes, and the same V8 string-hash seed, a different one each pair:
 * pair-hash-seed.ts) and, comparing time, nothing after: the pairs read ns/op
 * alone, so the probes and the memory phase are skipped (`RunOptions.timingOnly`). A side is bench
 * files in a root folder: two files in the working folder, or the same files in two checkouts of a
 * repository (runner/git/). After each pair the pairs so far are handed on, so an interrupted run
 * keeps what it measured. Comparing time, a pair holding a process the host slowed as a whole
 * (analysis/ab-process-level.ts) is measured again, in the same order, up to MAX_REMEASURED_PAIRS.
 * Comparing instructions, each process counts after a short planning timing (counting-run.ts), and
 * the pairs asked for are raised only where the counts turn out not to repeat (countedTarget).
 */
import { abOrder, pairsForHolm, testedCount, unrepeatedCount, type AbKey, type AbOrder, type AbPair } from '../../analysis/ab-pairs.js';
import type { CompareMetric } from '../../analysis/compare-row.js';
import { COUNT_REPEAT_TOLERANCE, COUNTED_MIN_PAIRS } from '../../analysis/counted-comparison.js';
import { formatThresholdPercent } from '../../results/text/format-units.js';
import { countingRunOptions } from './counting-run.js';
import { burstPairs, type ProcessLevel } from '../../analysis/ab-process-level.js';
import type { FileError } from '../../results/types.js';
import type { RunOptions } from '../run-options.js';
import { runBenchmarks, type RunDeps } from '../run.js';
import { pairNodeFlags, sharesHashSeed } from './pair-hash-seed.js';

/**
 * Pairs measured again at most: two bursts in one run of 20 processes were more than seen here (2 in
 * 60), and each costs a pair's time (~12 s for ten benchmarks at 300 ms), so a host in a burst for
 * good cannot stretch the run without end.
 */
export const MAX_REMEASURED_PAIRS = 2;

/** One side of an A/B: its bench files, relative to (or under) its root, which is the working folder of its processes. */
export interface AbSide {
  label: string;
  root: string;
  files: readonly string[];
}

export interface AbRunOptions {
  sides: readonly [AbSide, AbSide];
  pairs: number;
  /** Measurement options of every process (targets, outputs and forks are set here). */
  run: RunOptions;
  /** What pairs a benchmark of A with one of B (default `group/name`), for the processes' levels. */
  keyOf?: AbKey;
  /**
   * What the pairs compare (default time). Under instructions each process counts, after a short
   * planning timing (counting-run.ts), and the pairs are raised only when the counts turn out not
   * to repeat (the signed-rank test then judges those benchmarks and needs its pairs).
   */
  metric?: CompareMetric;
}

export interface AbDeps extends RunDeps {
  /** Called after every finished pair with all pairs so far, and the pairs measured again so far. */
  onPair?(pairs: readonly AbPair[], remeasured: AbOutcome['remeasured']): void;
}

export interface AbOutcome {
  pairs: AbPair[];
  interrupted: boolean;
  fileErrors: FileError[];
  /** The pairs measured again, with the process that was off (analysis/ab-process-level.ts), and the pair that was replaced. */
  remeasured: { level: ProcessLevel; dropped: AbPair }[];
  /** Whether each pair's two processes shared a V8 hash seed of their own (pair-hash-seed.ts). */
  sharedHashSeeds: boolean;
  /** `--pairs` raised after the first pair: too few for the multiple-comparison correction to call any change (analysis/ab-pairs.ts pairsForHolm); null when not. */
  raisedPairs: RaisedPairs | null;
}

/**
 * Pairs asked for, pairs run instead, and the benchmarks tested at once that made the difference;
 * `unrepeated`: raised because that many benchmarks' instruction counts did not repeat (or too few
 * pairs to tell), rather than from the first pair.
 */
export interface RaisedPairs {
  asked: number;
  to: number;
  benchmarks: number;
  unrepeated?: boolean;
}

/** The note that says why the pairs were raised. */
export function raisedPairsText(raised: RaisedPairs): string {
  const s = raised.benchmarks === 1 ? '' : 's';
  const holm = `the signed-rank test of n pairs cannot go below p = 2/2ⁿ, and Holm's correction asks p ≤ 0.05/${raised.benchmarks}`;
  if (raised.unrepeated === true) {
    if (raised.to === COUNTED_MIN_PAIRS) return `--pairs ${raised.asked} raised to ${raised.to}: one count per side cannot show that the counts repeat`;
    return `--pairs ${raised.asked} raised to ${raised.to}: the instruction counts of ${raised.benchmarks} benchmark${s} did not repeat within ${formatThresholdPercent(COUNT_REPEAT_TOLERANCE)} across the pairs, so the signed-rank test judges ${raised.benchmarks === 1 ? 'it' : 'them'}, and fewer pairs could not call a change even if every pair agreed (${holm})`;
  }
  return `--pairs ${raised.asked} raised to ${raised.to}: with ${raised.benchmarks} benchmark${s} tested at once, fewer pairs could not call a change even if every pair agreed (${holm})`;
}

/**
 * Under instructions, once the pairs asked for are measured: how many pairs the benchmarks need, or
 * null when they have enough — two to see whether the counts repeat, and where they do not, as many
 * as the signed-rank test needs for those benchmarks.
 */
export function countedTarget(pairs: readonly AbPair[], keyOf: AbKey | undefined): { to: number; benchmarks: number } | null {
  if (pairs.length < COUNTED_MIN_PAIRS) return { to: COUNTED_MIN_PAIRS, benchmarks: testedCount(pairs, keyOf) };
  const unrepeated = unrepeatedCount(pairs, keyOf);
  if (unrepeated === 0) return null;
  const to = pairsForHolm(unrepeated);
  return to > pairs.length ? { to, benchmarks: unrepeated } : null;
}

export async function runAb(options: AbRunOptions, deps: AbDeps): Promise<AbOutcome> {
  const pairs: AbPair[] = [];
  const counting = options.metric === 'instructions';
  const run = counting ? countingRunOptions(options.run) : options.run;
  const sharedHashSeeds = sharesHashSeed(run);
  // A pass after timing may plan from the memory figures (`--metric instructions` keeps each counted region free of a collection by bytes/op).
  const timingOnly = Object.values(run.passes).every((on) => !on);
  const runPair = async (i: number, order: AbOrder, label: string): Promise<AbPair> => {
    const pair: AbPair = { order, a: null, b: null };
    for (const side of order === 'AB' ? (['a', 'b'] as const) : (['b', 'a'] as const)) {
      if (deps.signal?.aborted) break;
      const sideOf = options.sides[side === 'a' ? 0 : 1];
      const outcome = await runBenchmarks(
        {
          ...run,
          seed: run.seed + i,
          nodeFlags: pairNodeFlags(run, i),
          cwd: sideOf.root,
          targets: [...sideOf.files],
          forks: 1,
          jsonPath: null,
          historyDir: null,
          baselinePath: null,
          timingOnly,
        },
        { ...deps, progress: (text) => deps.progress(`${label} ${side.toUpperCase()} ${text}`), finished: (benchmark) => deps.finished?.({ ...benchmark, label: `${label} ${side.toUpperCase()}` }) },
      );
      if (!outcome.interrupted) pair[side] = outcome.results;
    }
    return pair;
  };
  let target = options.pairs;
  let raisedPairs: RaisedPairs | null = null;
  for (let i = 0; i < target && !deps.signal?.aborted; i++) {
    const pair = await runPair(i, abOrder(i), `pair ${i + 1}/${target}`);
    if (pair.a === null || pair.b === null) break;
    pairs.push(pair);
    deps.onPair?.(pairs, []);
    // A file that does not load will not load in the next pair either.
    const broken = [pair.a, pair.b].flatMap((r) => r.fileErrors);
    if (broken.length > 0) return { pairs, interrupted: false, fileErrors: broken, remeasured: [], sharedHashSeeds, raisedPairs };
    // The first pair tells how many benchmarks are tested at once, and so how many pairs can call a change at all.
    if (i === 0 && !counting) {
      const benchmarks = testedCount(pairs, options.keyOf);
      const needed = pairsForHolm(benchmarks);
      if (needed > target) {
        raisedPairs = { asked: target, to: needed, benchmarks };
        target = needed;
        deps.warn?.(raisedPairsText(raisedPairs));
      }
    }
    // Counting, the pairs asked for tell whether the counts repeat: where they do not, measure as many more as the signed-rank test needs.
    if (counting && i === target - 1) {
      const more = countedTarget(pairs, options.keyOf);
      if (more !== null) {
        raisedPairs = { asked: raisedPairs?.asked ?? options.pairs, to: more.to, benchmarks: more.benchmarks, unrepeated: true };
        target = more.to;
        deps.warn?.(raisedPairsText(raisedPairs));
      }
    }
  }
  const remeasured: AbOutcome['remeasured'] = [];
  // The farthest burst first, then the next (a pair run again may itself have met one); instruction counts are not the host's.
  while (timingOnly && pairs.length === target && remeasured.length < MAX_REMEASURED_PAIRS && !deps.signal?.aborted) {
    const burst = burstPairs(pairs, options.keyOf)[0];
    if (burst === undefined) break;
    const again = await runPair(target + remeasured.length, pairs[burst.pair]!.order, `pair ${burst.pair + 1} again`);
    if (again.a === null || again.b === null) break;
    remeasured.push({ level: burst, dropped: pairs[burst.pair]! });
    pairs[burst.pair] = again;
    deps.onPair?.(pairs, remeasured);
  }
  return { pairs, interrupted: deps.signal?.aborted === true, fileErrors: [], remeasured, sharedHashSeeds, raisedPairs };
}

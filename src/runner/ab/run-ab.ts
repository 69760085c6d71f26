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
 */
import { abOrder, pairsForHolm, testedCount, type AbKey, type AbOrder, type AbPair } from '../../analysis/ab-pairs.js';
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

/** Pairs asked for, pairs run instead, and the benchmarks tested at once that made the difference. */
export interface RaisedPairs {
  asked: number;
  to: number;
  benchmarks: number;
}

/** The note that says why the pairs were raised. */
export function raisedPairsText(raised: RaisedPairs): string {
  return `--pairs ${raised.asked} raised to ${raised.to}: with ${raised.benchmarks} benchmark${raised.benchmarks === 1 ? '' : 's'} tested at once, fewer pairs could not call a change even if every pair agreed (the signed-rank test of n pairs cannot go below p = 2/2ⁿ, and Holm's correction asks p ≤ 0.05/${raised.benchmarks})`;
}

export async function runAb(options: AbRunOptions, deps: AbDeps): Promise<AbOutcome> {
  const pairs: AbPair[] = [];
  const sharedHashSeeds = sharesHashSeed(options.run);
  // A pass after timing may plan from the memory figures (`--metric instructions` keeps each counted region free of a collection by bytes/op).
  const timingOnly = Object.values(options.run.passes).every((on) => !on);
  const runPair = async (i: number, order: AbOrder, label: string): Promise<AbPair> => {
    const pair: AbPair = { order, a: null, b: null };
    for (const side of order === 'AB' ? (['a', 'b'] as const) : (['b', 'a'] as const)) {
      if (deps.signal?.aborted) break;
      const sideOf = options.sides[side === 'a' ? 0 : 1];
      const outcome = await runBenchmarks(
        {
          ...options.run,
          seed: options.run.seed + i,
          nodeFlags: pairNodeFlags(options.run, i),
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
    if (i === 0) {
      const benchmarks = testedCount(pairs, options.keyOf);
      const needed = pairsForHolm(benchmarks);
      if (needed > target) {
        raisedPairs = { asked: target, to: needed, benchmarks };
        target = needed;
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

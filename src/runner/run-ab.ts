/**
 * `ubench ab`: runs two sides in alternating fresh processes, ABBA order (AB, BA, AB, …), each
 * process timing every benchmark of its side's files the usual way (both sides of a pair with the
 * same seed, so the same sample sizes) and, comparing time, nothing after: the pairs read ns/op
 * alone, so the probes and the memory phase are skipped (`RunOptions.timingOnly`). A side is bench files in a root folder: two files in the
 * working folder, or the same files in two checkouts of a repository (runner/git/). After each pair
 * the pairs so far are handed on, so an interrupted run keeps what it measured.
 */
import { abOrder, type AbPair } from '../analysis/ab-pairs.js';
import type { FileError } from '../results/types.js';
import type { RunOptions } from './run-options.js';
import { runBenchmarks, type RunDeps } from './run.js';

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
}

export interface AbDeps extends RunDeps {
  /** Called after every finished pair with all pairs so far. */
  onPair?(pairs: readonly AbPair[]): void;
}

export async function runAb(options: AbRunOptions, deps: AbDeps): Promise<{ pairs: AbPair[]; interrupted: boolean; fileErrors: FileError[] }> {
  const pairs: AbPair[] = [];
  // A pass after timing may plan from the memory figures (`--metric instructions` keeps each counted region free of a collection by bytes/op).
  const timingOnly = Object.values(options.run.passes).every((on) => !on);
  for (let i = 0; i < options.pairs && !deps.signal?.aborted; i++) {
    const pair: AbPair = { order: abOrder(i), a: null, b: null };
    for (const side of pair.order === 'AB' ? (['a', 'b'] as const) : (['b', 'a'] as const)) {
      if (deps.signal?.aborted) break;
      const label = `pair ${i + 1}/${options.pairs} ${side.toUpperCase()}`;
      const sideOf = options.sides[side === 'a' ? 0 : 1];
      const outcome = await runBenchmarks(
        { ...options.run, seed: options.run.seed + i, cwd: sideOf.root, targets: [...sideOf.files], forks: 1, jsonPath: null, historyDir: null, baselinePath: null, timingOnly },
        { ...deps, progress: (text) => deps.progress(`${label} ${text}`), finished: (benchmark) => deps.finished?.({ ...benchmark, label }) },
      );
      if (!outcome.interrupted) pair[side] = outcome.results;
    }
    if (pair.a === null || pair.b === null) break;
    pairs.push(pair);
    deps.onPair?.(pairs);
    // A file that does not load will not load in the next pair either.
    const broken = [pair.a, pair.b].flatMap((r) => r.fileErrors);
    if (broken.length > 0) return { pairs, interrupted: false, fileErrors: broken };
  }
  return { pairs, interrupted: deps.signal?.aborted === true, fileErrors: [] };
}

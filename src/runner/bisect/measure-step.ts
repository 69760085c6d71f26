/**
 * One step of `ubench bisect`: a commit measured against the good end the way `ab <good> <commit>`
 * measures it (both checked out into temporary worktrees, removed in a `finally`; pairs of fresh
 * processes in ABBA order), then judged against the threshold (analysis/bisect/step-verdict.ts).
 * A step that cannot tell measures as many pairs again; still undecided, comparing time, and with
 * valgrind here, it counts instructions per operation in a fresh set of pairs (two, more only where
 * the counts do not repeat: runner/ab/run-ab.ts) and decides on those. A step undecided on counted
 * ranges alone is not measured again: more pairs of repeating counts would not narrow them.
 * A commit that cannot be measured (no bench file, dependencies that do not install, a file that
 * does not load, a benchmark that fails) is skipped with the reason.
 */
import { analyseAb, type AbKey, type AbPair } from '../../analysis/ab-pairs.js';
import { INSTRUCTION_NOISE } from '../../analysis/compare-instructions.js';
import { COUNTED_MIN_PAIRS } from '../../analysis/counted-comparison.js';
import type { CompareMetric } from '../../analysis/compare-runs.js';
import type { StepResult } from '../../analysis/bisect/bisect-search.js';
import { stepVerdict, type Direction } from '../../analysis/bisect/step-verdict.js';
import { valgrindVersion } from '../../profiling/callgrind-command.js';
import { oneLineMessage } from '../../results/text/one-line-message.js';
import { passSelection } from '../passes/pass-registry.js';
import { runAb, type AbDeps } from '../ab/run-ab.js';
import type { RunOptions } from '../run-options.js';
import { UsageError } from '../usage-error.js';
import { revisionSides, type RevisionSideDeps, type RevisionSides } from '../git/revision-sides.js';

/**
 * Batches of pairs a step measures at most before it turns to instructions (or says undecided): the
 * first and one more of the same size, which narrows the interval by about √2 — enough for a change
 * near the threshold to step off it, while a step truly on the threshold is not measured without end.
 */
export const MEASURE_BATCHES = 2;

export interface StepOptions {
  /** The good end's commit, and the paths (relative to the working folder) naming the bench files. */
  good: string;
  paths: readonly string[];
  cwd: string;
  pairs: number;
  metric: CompareMetric;
  noise: number;
  threshold: number;
  direction: Direction;
  /** Measurement options of every process (filter, budgets, seed); the passes are set here by the metric. */
  run: RunOptions;
  /** Whether a time step that cannot tell may count instructions (valgrind found). */
  instructionsFallback: boolean;
}

/** What a step runs beyond the clock and the signal: the checkout of the two revisions and the A/B pairs. Tests pass scripted ones. */
export interface StepRunners {
  revisionSides: typeof revisionSides;
  runAb: typeof runAb;
}

/** The real checkout into temporary worktrees and the real pairs of fresh processes. */
export const REAL_STEP_RUNNERS: StepRunners = { revisionSides, runAb };

/** Whether valgrind is here for the instructions fallback. */
export function valgrindHere(): boolean {
  return 'version' in valgrindVersion();
}

/** What ab's message says of a side that could not be checked out or provided, without its `ab:` prefix and tail. */
function sideProblem(error: unknown): string {
  const text = oneLineMessage(error).replace(/^ab: /, '');
  if (/no bench file on both sides/.test(text)) return 'no bench file at this commit';
  if (/installing the dependencies/.test(text)) return `dependencies did not install: ${text.replace(/; nothing was measured$/, '')}`;
  return text.replace(/; nothing was measured.*$/, '');
}

/** Why the pairs cannot be judged (a file that does not load, a benchmark that failed), or null. */
function failure(pairs: readonly AbPair[], fileErrors: readonly { file: string; error: { message: string } }[]): string | null {
  const e = fileErrors[0];
  if (e !== undefined) return `does not load: ${e.file}: ${e.error.message.split('\n')[0]}`;
  for (const p of pairs) {
    for (const side of ['a', 'b'] as const) {
      const failed = p[side]?.benchmarks.find((b) => b.status !== 'ok');
      if (failed !== undefined) return `${side === 'a' ? 'at the good end, ' : ''}benchmark ${failed.id} ${failed.status}${failed.error == null ? '' : `: ${failed.error.message.split('\n')[0]}`}`;
    }
  }
  return null;
}

/** Measures `commit` against the good end; null when interrupted. */
export async function measureStep(commit: string, options: StepOptions, deps: AbDeps & RevisionSideDeps, runners: StepRunners = REAL_STEP_RUNNERS): Promise<StepResult | null> {
  const started = deps.now();
  let prepared: RevisionSides;
  try {
    prepared = await runners.revisionSides([options.good, commit, ...options.paths], options.cwd, deps);
  } catch (error) {
    if (deps.signal?.aborted) return null;
    if (error instanceof UsageError) return { verdict: 'skipped', reason: sideProblem(error), ms: deps.now() - started };
    throw error;
  }
  try {
    const keyOf: AbKey = (b) => b.id;
    const measure = async (metric: CompareMetric, pairs: number, seedOffset: number): Promise<{ pairs: AbPair[]; failed: string | null } | null> => {
      const run: RunOptions = { ...options.run, seed: options.run.seed + seedOffset, passes: passSelection({ instructions: metric === 'instructions' }) };
      const outcome = await runners.runAb({ sides: prepared.sides, pairs, run, keyOf, metric }, deps);
      if (outcome.interrupted) return null;
      return { pairs: outcome.pairs, failed: failure(outcome.pairs, outcome.fileErrors) };
    };
    const done = (result: StepResult): StepResult => ({ ...result, ms: deps.now() - started });
    let pairs: AbPair[] = [];
    let verdict: StepResult | null = null;
    for (let batch = 0; batch < MEASURE_BATCHES; batch++) {
      const got = await measure(options.metric, options.pairs, pairs.length);
      if (got === null) return null;
      if (got.failed !== null) return done({ verdict: 'skipped', reason: got.failed });
      pairs = [...pairs, ...got.pairs];
      verdict = stepVerdict(analyseAb(pairs, options.noise, options.metric, keyOf), options.threshold, options.direction);
      if (verdict.verdict !== 'undecided' || verdict.judgedBy === 'counted') return done(verdict);
    }
    if (verdict === null || options.metric !== 'time' || !options.instructionsFallback) return done(verdict!);
    const counted = await measure('instructions', COUNTED_MIN_PAIRS, pairs.length);
    if (counted === null) return null;
    const timeSaid = verdict.reason.replace(/; to decide:.*$/, '');
    if (counted.failed !== null) return done({ ...verdict, reason: `${verdict.reason}; counting instructions failed: ${counted.failed}` });
    const byCount = stepVerdict(analyseAb(counted.pairs, INSTRUCTION_NOISE, 'instructions', keyOf), options.threshold, options.direction);
    return done({ ...byCount, reason: `time could not tell (${timeSaid}); instructions per op: ${byCount.reason}`, pairs: pairs.length + counted.pairs.length });
  } finally {
    await prepared.cleanup();
  }
}

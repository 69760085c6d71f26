/**
 * One bisect step end to end with the checkout and the ab run scripted (no git, no process, no
 * clock): a step decided by its first pairs, one that cannot tell and measures as many pairs again,
 * one that turns to instructions per op where time could not tell, and one that stays undecided and
 * says what would decide it instead of guessing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { abOrder, type AbPair } from '../../src/analysis/ab-pairs.js';
import { COUNTED_MIN_PAIRS } from '../../src/analysis/counted-comparison.js';
import { measureStep, MEASURE_BATCHES, type StepOptions, type StepRunners } from '../../src/runner/bisect/measure-step.js';
import type { AbRunOptions } from '../../src/runner/ab/run-ab.js';
import type { RunOptions } from '../../src/runner/run-options.js';
import type { Executor } from '../../src/runner/child/executor.js';
import type { BenchmarkResult, ResultsFile } from '../../src/results/types.js';
import { fullResults } from '../fixtures/results/full-results.js';

/** The step's threshold: 5%, as `ubench bisect` defaults. */
const THRESHOLD = 0.05;

/** Machine speed level of pair p: both processes of a pair share it, pairs differ by up to ±8%, which the paired ratio cancels. */
const level = (pair: number): number => 1 + 0.08 * Math.sin(pair * 2.1);

/** One benchmark of one process: `ns` per op, and `instructions` per op when counted. */
function bench(ns: number, instructions: number | null): BenchmarkResult {
  const base = fullResults.benchmarks[0]!;
  return {
    ...base,
    id: 'x.bench.ts#work',
    status: 'ok',
    error: null,
    estimate: { ...base.estimate!, nsPerOp: ns, ciLower: ns * 0.99, ciUpper: ns * 1.01 },
    instructions:
      instructions === null
        ? null
        : {
            status: 'measured',
            reason: null,
            perOp: instructions,
            ciLower: instructions * 0.9995,
            ciUpper: instructions * 1.0005,
            floorPerOp: 2,
            processes: 1,
            regions: 4,
            unitIterations: 1000,
            tool: 'callgrind',
            flags: [],
            simulatedCache: null,
            wallSeconds: 1,
          },
  } as BenchmarkResult;
}

const file = (b: BenchmarkResult): ResultsFile => ({ ...fullResults, benchmarks: [b] });

/** Pairs whose B/A change is `changes[i]` for pair i (offset by the pairs measured before, as the seed is). */
function pairsOf(changes: readonly number[], counted: boolean, offset: number): AbPair[] {
  return changes.map((change, i) => {
    const ns = 100 * level(offset + i);
    return { order: abOrder(offset + i), a: file(bench(ns, counted ? 1000 : null)), b: file(bench(ns * (1 + change), counted ? 1000 * (1 + change) : null)) };
  });
}

interface Call {
  pairs: number;
  seed: number;
  instructions: boolean;
}

/** A scripted step: batch k of time measures `time[k]` (changes per pair), an instructions batch `instructions`. */
function scripted(time: readonly (readonly number[])[], instructions: (pairs: number) => number[] = () => []) {
  const calls: Call[] = [];
  let cleanups = 0;
  let timeBatches = 0;
  const runners: StepRunners = {
    revisionSides: async () => ({
      sides: [
        { label: 'good', root: '/good', files: ['x.bench.ts'] },
        { label: 'commit', root: '/commit', files: ['x.bench.ts'] },
      ],
      onlyInA: [],
      onlyInB: [],
      notes: [],
      cleanup: async () => {
        cleanups++;
      },
    }),
    runAb: async (o: AbRunOptions) => {
      const counted = o.run.passes.instructions === true;
      // The step offsets the seed by the pairs measured before: the pairs go on where they stopped.
      const before = o.run.seed - 1;
      calls.push({ pairs: o.pairs, seed: o.run.seed, instructions: counted });
      const changes = counted ? instructions(o.pairs) : (time[timeBatches++] ?? []);
      assert.equal(changes.length, o.pairs, 'the script measures the pairs asked for');
      return { pairs: pairsOf(changes, counted, before), interrupted: false, fileErrors: [], remeasured: [], sharedHashSeeds: false, raisedPairs: null };
    },
  };
  return { runners, calls, cleanups: () => cleanups };
}

const PAIRS = 8;

function options(over: Partial<StepOptions> = {}): StepOptions {
  return {
    good: 'g'.repeat(40),
    paths: [],
    cwd: '/repo',
    pairs: PAIRS,
    metric: 'time',
    noise: 0.01,
    threshold: THRESHOLD,
    direction: 'slower',
    run: { seed: 1 } as unknown as RunOptions,
    instructionsFallback: true,
    ...over,
  };
}

const deps = { executor: {} as Executor, progress: () => undefined, warn: () => undefined, now: () => 0 };

/** n changes spread evenly (a fixed pattern, no randomness) over [center − width, center + width]. */
const around = (n: number, center: number, width: number): number[] => Array.from({ length: n }, (_, i) => center + width * (((i * 5) % n) / (n - 1) - 0.5) * 2);

describe('bisect step escalation (scripted ab)', () => {
  it('a step whose first pairs decide is not measured again', async () => {
    const s = scripted([around(PAIRS, 0.2, 0.01)]);
    const r = await measureStep('c'.repeat(40), options(), deps, s.runners);
    assert.equal(r?.verdict, 'slower');
    assert.equal(r?.metric, 'time');
    assert.equal(r?.pairs, PAIRS);
    assert.equal(s.calls.length, 1);
    assert.equal(s.cleanups(), 1);
    const flat = await measureStep('c'.repeat(40), options(), deps, scripted([around(PAIRS, 0, 0.01)]).runners);
    assert.equal(flat?.verdict, 'not-slower');
  });

  it('a step that cannot tell measures as many pairs again, and the pairs together decide', async () => {
    // The first pairs scatter across the threshold; the second batch agrees on +12%.
    const s = scripted([around(PAIRS, 0.1, 0.12), around(PAIRS, 0.12, 0.005)]);
    const r = await measureStep('c'.repeat(40), options(), deps, s.runners);
    assert.deepEqual(
      s.calls.map((c) => [c.pairs, c.instructions]),
      [
        [PAIRS, false],
        [PAIRS, false],
      ],
    );
    assert.notEqual(s.calls[0]!.seed, s.calls[1]!.seed, 'the second batch has seeds of its own');
    assert.equal(r?.verdict, 'slower');
    assert.equal(r?.pairs, 2 * PAIRS);
    assert.equal(r?.metric, 'time');
    assert.equal(s.cleanups(), 1);
  });

  it('time that still cannot tell turns to instructions per op, which decide', async () => {
    const wide = around(PAIRS, 0.05, 0.12);
    const s = scripted([wide, wide], (n) => around(n, 0.08, 0.0005));
    const r = await measureStep('c'.repeat(40), options(), deps, s.runners);
    assert.equal(s.calls.length, MEASURE_BATCHES + 1);
    const last = s.calls.at(-1)!;
    assert.equal(last.instructions, true);
    assert.equal(last.pairs, COUNTED_MIN_PAIRS, 'two pairs: counts that repeat decide from their range');
    assert.ok(s.calls.slice(0, MEASURE_BATCHES).every((c) => !c.instructions));
    assert.equal(r?.verdict, 'slower');
    assert.equal(r?.metric, 'instructions');
    assert.equal(r?.pairs, MEASURE_BATCHES * PAIRS + COUNTED_MIN_PAIRS);
    assert.equal(r?.judgedBy, 'counted');
    assert.match(r!.reason, /^time could not tell \(.*reaches across 5%\); instructions per op: /);
    assert.doesNotMatch(r!.reason, /time could not tell \([^)]*to decide/, 'the time part drops its own hint: instructions were that hint');
  });

  it('a step that stays undecided says so and what would decide it, never a guess', async () => {
    const wide = around(PAIRS, 0.05, 0.12);
    // Without valgrind: two batches of time, then "can't tell" with the way to decide.
    const noValgrind = scripted([wide, wide]);
    const r = await measureStep('c'.repeat(40), options({ instructionsFallback: false }), deps, noValgrind.runners);
    assert.equal(noValgrind.calls.length, MEASURE_BATCHES);
    assert.equal(r?.verdict, 'undecided');
    assert.equal(r?.pairs, MEASURE_BATCHES * PAIRS);
    assert.match(r!.reason, /reaches across 5%; to decide: more --pairs, --metric instructions/);
    // With valgrind, instructions that straddle the threshold too: still undecided, saying both.
    const both = scripted([wide, wide], (n) => around(n, 0.05, 0.04));
    const r2 = await measureStep('c'.repeat(40), options(), deps, both.runners);
    assert.equal(r2?.verdict, 'undecided');
    assert.equal(r2?.metric, 'instructions');
    assert.match(r2!.reason, /^time could not tell .*; instructions per op: .*reaches across 5%; to decide: more --pairs, or a threshold farther/);
  });

  it('a counted step undecided on repeating counts is not measured again: more pairs would not narrow the range', async () => {
    // Counts repeat on both sides and their range straddles the 5% threshold.
    const s = scripted([], (n) => Array.from({ length: n }, (_, i) => 0.0499 + 0.0003 * i));
    const r = await measureStep('c'.repeat(40), options({ metric: 'instructions', pairs: COUNTED_MIN_PAIRS, noise: 0.002 }), deps, s.runners);
    assert.equal(s.calls.length, 1);
    assert.deepEqual([r?.verdict, r?.judgedBy, r?.pairs], ['undecided', 'counted', COUNTED_MIN_PAIRS]);
    assert.match(r!.reason, /to decide: a threshold farther from the change \(the counts repeat/);
  });
});

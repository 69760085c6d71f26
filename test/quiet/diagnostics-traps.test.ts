/**
 * Quiet test: the trap corpus (test/fixtures/traps), one benchmark per classic pitfall, run
 * RUNS times through the real CLI. Every trap must be reported by its rule in every run; other
 * codes may appear too and are recorded in test-artifacts/detection-table.md.
 *
 * Nothing here asserts a time: only which diagnostics the results file holds.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import type { BenchmarkResult, DeoptEvent } from '../../src/results/types.js';
import { describeBenchmark, markdownTable, publish, resultsDir, RUNS, runToResults } from './quiet-cli.js';

const TRAPS_DIR = 'test/fixtures/traps';
/** Each trap's run is short unless its pitfall needs time to show. */
const SHORT = ['--time', '300ms'] as const;
/** Sampling that surely runs past a change the body makes ~1 s after its first call. */
const LONG_SAMPLING = ['--warmup', '300ms', '--time', '2s', '--precision', '0.01%'] as const;

interface Trap {
  /** Bench file name without `.bench.ts`. */
  file: string;
  /** Benchmark name inside the file. */
  name: string;
  /** The code its rule must report. */
  expected: string;
  /** CLI options for the file's run. */
  args: readonly string[];
}

const TRAPS: readonly Trap[] = [
  { file: 'optimized-away', name: 'ignored result', expected: 'optimized-away', args: SHORT },
  { file: 'optimized-away', name: 'constant folding', expected: 'optimized-away', args: SHORT },
  { file: 'optimized-away', name: 'hoisted invariant', expected: 'optimized-away', args: SHORT },
  { file: 'setup-overhead', name: 'table built inside the timed loop', expected: 'setup-overhead', args: SHORT },
  { file: 'timer-resolution', name: 'b.stop()/b.start() every iteration', expected: 'timer-resolution', args: SHORT },
  { file: 'not-optimized', name: 'body V8 never optimizes', expected: 'not-optimized', args: SHORT },
  { file: 'deoptimized', name: 'input switches from integers to doubles', expected: 'deoptimized', args: LONG_SAMPLING },
  { file: 'not-steady', name: 'sums an ever-growing history', expected: 'not-steady', args: [...SHORT, '--warmup', '500ms'] },
  { file: 'drift', name: 'does more work as the run goes on', expected: 'drift', args: LONG_SAMPLING },
  { file: 'multimodal', name: 'alternating 1× / 2× work', expected: 'multimodal', args: SHORT },
  { file: 'noisy', name: 'random 1×–4× work per sample', expected: 'noisy', args: SHORT },
  { file: 'outliers', name: 'one sample in eight does 6× the work', expected: 'outliers', args: SHORT },
  { file: 'gc-heavy', name: 'keeps recent records alive', expected: 'gc-heavy', args: SHORT },
  { file: 'leak', name: 'remembers every 64th call', expected: 'leak', args: ['--time', '1s'] },
  { file: 'throttled', name: 'while other processes spin', expected: 'throttled', args: SHORT },
];

const benchFile = (file: string): string => `${TRAPS_DIR}/${file}.bench.ts`;
const label = (trap: Trap): string => `${trap.file}: ${trap.name}`;

/** Files in table order, each with the options of its run (one run per file and pass). */
function filesToRun(): { file: string; args: readonly string[] }[] {
  const files = new Map<string, readonly string[]>();
  for (const trap of TRAPS) {
    const known = files.get(trap.file);
    assert.ok(known === undefined || known === trap.args, `${trap.file}: traps of one file must share its options`);
    files.set(trap.file, trap.args);
  }
  return [...files].map(([file, args]) => ({ file, args }));
}

describe(`trap corpus (${TRAPS_DIR}), ${RUNS} runs`, () => {
  /** runs[r].get(trap label): the trap's result in run r, or the error that stopped its file's run. */
  const runs: Map<string, BenchmarkResult | Error>[] = [];

  before(async () => {
    const resultsFolder = resultsDir('traps-results');
    for (let r = 0; r < RUNS; r++) {
      const found = new Map<string, BenchmarkResult | Error>();
      for (const { file, args } of filesToRun()) {
        const jsonPath = path.join(resultsFolder, `run${r + 1}-${file}.json`);
        let results;
        try {
          results = await runToResults([benchFile(file), ...args], jsonPath, true);
        } catch (error) {
          for (const trap of TRAPS.filter((t) => t.file === file)) found.set(label(trap), error as Error);
          continue;
        }
        for (const trap of TRAPS.filter((t) => t.file === file)) {
          const b = results.benchmarks.find((x) => x.file === benchFile(file) && x.name === trap.name);
          found.set(label(trap), b ?? new Error(`no benchmark "${trap.name}" in ${results.benchmarks.map((x) => x.name).join(', ')}`));
        }
      }
      runs.push(found);
    }
    const cell = (value: BenchmarkResult | Error | undefined): string =>
      value instanceof Error ? `run failed: ${value.message.split('\n')[0]}` : describeBenchmark(value);
    const rows = TRAPS.map((trap) => {
      const results = runs.map((run) => run.get(label(trap)));
      const detected = results.filter((b) => hasCode(b, trap.expected)).length;
      return [label(trap), trap.expected, ...results.map(cell), `${detected}/${RUNS}`];
    });
    publish('detection-table.md', [
      `# Trap detection (${new Date().toISOString()})`,
      '',
      `Each trap of ${TRAPS_DIR} run ${RUNS} times; every code the run reported (\`(info)\` marks information). Results files: test-artifacts/traps-results/.`,
      '',
      markdownTable(['trap', 'expected', ...runs.map((_, r) => `run ${r + 1}`), 'detected'], rows),
    ].join('\n'));
  });

  for (const trap of TRAPS) {
    it(`${label(trap)} → ${trap.expected} in every run`, () => {
      const missed = runs.flatMap((run, r) => {
        const b = run.get(label(trap));
        return hasCode(b, trap.expected) ? [] : [`run ${r + 1}: ${explain(b)}`];
      });
      assert.deepEqual(missed, [], `${trap.expected} not reported in ${missed.length} of ${RUNS} runs`);
    });
  }

  it('deoptimized: the message gives V8\'s reason and a location in deoptimized.bench.ts', () => {
    const trap = TRAPS.find((t) => t.expected === 'deoptimized')!;
    const location = /deoptimized\.bench\.ts:\d+:\d+/;
    for (const [r, run] of runs.entries()) {
      const b = run.get(label(trap));
      const d = b instanceof Error || b === undefined ? undefined : b.diagnostics.find((x) => x.code === 'deoptimized');
      assert.ok(d, `run ${r + 1}: no deoptimized diagnostic (${explain(b)})`);
      const deopts = (d.evidence?.deopts ?? []) as DeoptEvent[];
      const ours = deopts.filter((e) => location.test(e.location ?? '') && e.reason !== '');
      assert.ok(ours.length > 0, `run ${r + 1}: no deopt located in deoptimized.bench.ts: ${JSON.stringify(deopts)}`);
      assert.ok(ours.some((e) => d.message.includes(e.reason) && d.message.includes(e.location!)), `run ${r + 1}: the message lacks the reason or location: ${d.message}`);
      assert.match(d.message, location, `run ${r + 1}`);
    }
  });
});

function hasCode(b: BenchmarkResult | Error | undefined, code: string): boolean {
  return b !== undefined && !(b instanceof Error) && b.status === 'ok' && b.diagnostics.some((d) => d.code === code);
}

function explain(b: BenchmarkResult | Error | undefined): string {
  if (b instanceof Error) return `run failed: ${b.message}`;
  if (b === undefined || b.status !== 'ok') return describeBenchmark(b);
  const details = b.diagnostics.map((d) => `${d.code} (${d.severity}): ${d.message}`);
  return `reported ${details.length === 0 ? 'nothing' : details.join(' | ')}; throttle ${JSON.stringify(b.throttle)}; jit ${JSON.stringify(b.profile.tier)}`;
}

/**
 * Quiet test: the corpora's plumbing on real runs. How often the rules fire on the clean corpus and
 * catch the traps is a statistical figure of this machine and is measured by `npm run lab -- corpus`,
 * never asserted here. What CI asserts is what no movement of the host's speed can change: every
 * clean file loads and measures, and the traps whose evidence is not a time (the JIT tier, V8's
 * deopt log, clock reads per sample, retained memory) are reported by their rule.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { BenchmarkResult, DeoptEvent } from '../../src/results/types.js';
import { REPO_ROOT } from '../helpers/e2e-cli.js';
import { describeBenchmark, resultsDir, runToResults } from './quiet-cli.js';

const CLEAN_DIR = 'corpus/clean';
const TRAPS_DIR = 'corpus/traps';

describe('clean corpus: every file measures', () => {
  it('runs every benchmark of every file with status ok', async () => {
    const results = await runToResults([CLEAN_DIR, '--time', '30ms', '--warmup', '30ms'], path.join(resultsDir('clean-plumbing'), 'clean.json'));
    const files = readdirSync(path.join(REPO_ROOT, CLEAN_DIR)).filter((f) => f.endsWith('.bench.ts'));
    assert.deepEqual([...new Set(results.benchmarks.map((b) => path.basename(b.file)))].sort(), files.sort());
    assert.deepEqual(
      results.benchmarks.filter((b) => b.status !== 'ok').map((b) => `${b.id}: ${b.error?.message}`),
      [],
    );
  });
});

/** Traps whose evidence is not a time: each must be reported whatever the host does. */
const STRUCTURAL = [
  { file: 'not-optimized', name: 'body V8 never optimizes', expected: 'not-optimized', args: ['--time', '300ms'] },
  { file: 'timer-resolution', name: 'b.stop()/b.start() every iteration', expected: 'timer-resolution', args: ['--time', '300ms'] },
  { file: 'leak', name: 'remembers every 64th call', expected: 'leak', args: ['--time', '1s'] },
  { file: 'deoptimized', name: 'input switches from integers to doubles', expected: 'deoptimized', args: ['--warmup', '300ms', '--time', '4s', '--precision', '0.01%'] },
] as const;

describe('structural traps', () => {
  const dir = resultsDir('traps-plumbing');
  for (const trap of STRUCTURAL) {
    it(`${trap.file} → ${trap.expected}`, async () => {
      const results = await runToResults([`${TRAPS_DIR}/${trap.file}.bench.ts`, ...trap.args], path.join(dir, `${trap.file}.json`), true);
      const b = results.benchmarks.find((x) => x.name === trap.name) as BenchmarkResult;
      const d = b.diagnostics.find((x) => x.code === trap.expected);
      assert.ok(d, describeBenchmark(b));
      if (trap.expected === 'deoptimized') {
        const location = /deoptimized\.bench\.ts:\d+:\d+/;
        const ours = ((d.evidence?.deopts ?? []) as DeoptEvent[]).filter((e) => location.test(e.location ?? '') && e.reason !== '');
        assert.ok(
          ours.some((e) => d.message.includes(e.reason) && d.message.includes(e.location!)),
          d.message,
        );
      }
    });
  }
});

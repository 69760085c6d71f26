/**
 * The real-file corpus (corpus/real/): every file run unchanged under ubench (scripts/real-corpus.mjs).
 * Every benchmark the file's own harness completed must be measured by ubench under the same name,
 * or carry ubench's reason for not measuring it: nothing silently dropped. The own harnesses' names
 * are those the manifest recorded from their runs (`node scripts/real-corpus.mjs --update-manifest`
 * runs them again; the files and harnesses are pinned, so they change only with the corpus). Takes
 * minutes; needs `npm run build` and `npm ci --prefix corpus/real`. Run with `npm run test:system`.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { type CorpusRun, runCorpus, tableLines } from '../../scripts/real-corpus.mjs';

/** Files whose own harness legitimately runs nothing (vitest's skip/todo fixture). */
const RUNS_NOTHING = new Set(['vitest/vitest-dev__vitest__mode.bench.ts']);

/**
 * The benchmarks ubench does not measure, each for a reason named in docs/integrations.md ("Real
 * files"): the issue allows a handful, each a feature that cannot be measured as its harness does.
 * vitest's own `.only` fixture asserts, inside two benches, on an array its other benches fill as
 * vitest runs them one after another in one module; ubench gives every benchmark a module
 * instance of its own (and provides none of vitest's assertions), so that array is never filled.
 */
const NOT_MEASURED = new Set(['vitest/vitest-dev__vitest__only.bench.ts: visited', 'vitest/vitest-dev__vitest__only.bench.ts: visited2']);

describe('real-file corpus', () => {
  let run: CorpusRun;
  before(() => {
    // Names and reasons are what is judged here: ubench's quick run measures the same benchmarks.
    run = runCorpus({ quick: true, recorded: true, say: (line) => process.stderr.write(`${line}\n`) });
    process.stderr.write(`${tableLines(run).join('\n')}\n`);
  });

  it('holds at least 30 files of the four harnesses', () => {
    assert.ok(run.results.length >= 30, `${run.results.length} files`);
    assert.deepEqual([...new Set(run.results.map((r) => r.harness))].sort(), ['benchmark', 'mitata', 'tinybench', 'vitest']);
  });

  it("the manifest records what each file's own harness ran", () => {
    const broken = run.results.filter((r) => r.ownError !== null || (r.own === 0 && !RUNS_NOTHING.has(r.path)));
    assert.deepEqual(
      broken.map((r) => `${r.path}: ${r.ownError ?? 'no benchmark ran'}`),
      [],
    );
  });

  it('every benchmark its own harness ran is measured by ubench under the same name, or has a reason', () => {
    const dropped = run.results.filter((r) => r.missing.length > 0);
    assert.deepEqual(
      dropped.map((r) => `${r.path}: ${r.missing.join(' | ')}`),
      [],
    );
  });

  it('ubench measures every benchmark of every file but the few the docs name, each with its reason', () => {
    const notMeasured = run.results.flatMap((r) => r.refused.map((f) => ({ key: `${r.path}: ${f.key}`, reason: f.reason })));
    assert.deepEqual(
      notMeasured.filter((f) => !NOT_MEASURED.has(f.key)).map((f) => `${f.key}: ${f.reason}`),
      [],
    );
    assert.ok(
      notMeasured.every((f) => f.reason.trim() !== ''),
      'each with its reason',
    );
  });
});

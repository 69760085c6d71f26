/**
 * analyse(): the analysis is a pure function of a results file's measurements. A file written by a
 * run analyses to itself; a file stripped of its analysis gets it back; every reading command
 * re-analyses (report, export, compare), and `report --as-recorded` shows the file's own analysis.
 * Scripted processes, so the host's speed cannot move anything.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { analyse } from '../../src/analysis/analyse.js';
import type { ChildEvent, MeasuredBenchmark } from '../../src/engine/process/events.js';
import { readResults } from '../../src/results/files/read-results.js';
import type { ResultsFile } from '../../src/results/types.js';
import { runInProcess } from '../helpers/in-process-cli.js';
import { hello, info, measurement, scriptedExecutor } from '../helpers/scripted-executor.js';

const dir = mkdtempSync(path.join(tmpdir(), 'ubench-analyse-'));
after(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(path.join(dir, 'a.bench.ts'), '// scripted\n');

/** Samples of 10⁷ iterations, so even 0.4 ns/op samples last milliseconds (no timer-resolution warning). */
function long(nsPerOp: number, wobble: number): MeasuredBenchmark {
  const base = measurement(nsPerOp);
  return { ...base, samples: base.samples.map((s, i) => ({ iterations: s.iterations * 1e4, elapsedNs: s.elapsedNs * 1e4 * (1 + wobble * ((i * 7) % 5)) })) };
}

/** Two benchmarks of one file; `empty` sits on the scripted floor (optimized away). Each fork measures slightly differently. */
function executor() {
  const work = info('a.bench.ts', 'work');
  const empty = info('a.bench.ts', 'empty');
  return scriptedExecutor((_request, spawn) => ({
    events: [
      hello,
      { type: 'declared', benchmarks: [work, empty] },
      { type: 'measured', id: work.id, result: long(25 + spawn, 0.002) },
      { type: 'measured', id: empty.id, result: long(0.4, 0.001) },
      { type: 'done' },
    ] as ChildEvent[],
  }));
}

const stripped = (file: ResultsFile): ResultsFile => ({
  ...file,
  analysedBy: undefined,
  benchmarks: file.benchmarks.map((b) => ({ ...b, diagnostics: [], relative: null, host: null, estimate: b.estimate === null ? null : { ...b.estimate, nsPerOp: 1 } })),
});

const codes = (file: ResultsFile): string[][] => file.benchmarks.map((b) => b.diagnostics.map((d) => d.code));

describe('analyse() on results files', () => {
  const single = path.join(dir, 'single.json');
  const forked = path.join(dir, 'forked.json');
  before(async () => {
    for (const [json, forks] of [
      [single, '1'],
      [forked, '3'],
    ] as const) {
      const r = await runInProcess(['a.bench.ts', '--forks', forks, '--json', json, '--quiet', '--no-color', '--no-history'], { cwd: dir, executor: executor() });
      assert.equal(r.code, 0, r.out + r.err);
    }
  });

  it('gives a run its own analysis back (one process and several), and is idempotent', () => {
    for (const file of [single, forked]) {
      const written = readResults(file);
      assert.ok(written.analysedBy !== undefined, 'the run records which version analysed it');
      const again = analyse(written, { analysedBy: 'test' });
      assert.deepEqual(again.benchmarks, written.benchmarks);
      assert.deepEqual(analyse(again, { analysedBy: 'test' }), again);
      assert.equal(again.analysedBy, 'test');
    }
  });

  it('re-derives estimates from the samples and restores stripped diagnostics and relative speeds', () => {
    const written = readResults(forked);
    assert.equal(written.benchmarks[0]!.estimate!.method, 'two-level-bootstrap');
    assert.ok(codes(written)[1]!.includes('optimized-away'), JSON.stringify(codes(written)));
    const restored = analyse(stripped(written), { analysedBy: 'test' });
    assert.deepEqual(restored.benchmarks, written.benchmarks);
  });

  it('keeps a diagnostic that needed the run-time baseline file, unless a baseline is given', () => {
    const written = readResults(single);
    const grew = { code: 'memory-grew', severity: 'warning' as const, message: 'memory grew against the baseline base.json', hint: '' };
    const withGrew = { ...written, benchmarks: written.benchmarks.map((b, i) => (i === 0 ? { ...b, diagnostics: [...b.diagnostics, grew] } : b)) };
    assert.ok(codes(analyse(withGrew, { analysedBy: 'test' }))[0]!.includes('memory-grew'));
    assert.ok(!codes(analyse(withGrew, { analysedBy: 'test', baseline: { label: 'other.json', results: written } }))[0]!.includes('memory-grew'));
  });

  it('every reading command analyses again: report shows stripped diagnostics, --as-recorded does not', async () => {
    const bare = path.join(dir, 'bare.json');
    writeFileSync(bare, JSON.stringify(stripped(readResults(single))));
    const now = await runInProcess(['report', bare, '--no-color'], { cwd: dir });
    assert.equal(now.code, 0, now.err);
    assert.match(now.out, /optimized away/);
    const recorded = await runInProcess(['report', bare, '--no-color', '--as-recorded'], { cwd: dir });
    assert.equal(recorded.code, 0, recorded.err);
    assert.doesNotMatch(recorded.out, /optimized away/);
    const md = path.join(dir, 'bare.md');
    const exported = await runInProcess(['export', bare, '--markdown', md], { cwd: dir });
    assert.equal(exported.code, 0, exported.err);
    assert.match(readFileSync(md, 'utf8'), /optimized/i);
  });

  it('gives a file of an older schema the current rules', async () => {
    const old = path.resolve('test/fixtures/results/valid-v1.json');
    const r = await runInProcess(['report', old, '--no-color'], { cwd: dir });
    assert.equal(r.code, 0, r.err);
    const analysed = analyse(readResults(old), { analysedBy: 'test' });
    assert.equal(analysed.analysedBy, 'test');
    for (const b of analysed.benchmarks) for (const d of b.diagnostics) assert.doesNotMatch(d.code, /^outlier-samples$/, 'a code of the old rules is gone');
  });
});

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { analyseHistory } from '../../src/analysis/history-changes.js';
import { DEFAULT_NOISE } from '../../src/analysis/compare-runs.js';
import { renderHistoryReport, sparkline } from '../../src/report/history-report.js';
import { historyFileName, listHistory, pruneHistory, readHistory } from '../../src/results/files/history-folder.js';
import type { BenchmarkResult, ResultsFile } from '../../src/results/types.js';
import { writeResultsAtomic } from '../../src/results/files/write-results.js';
import { normalDeviate } from '../../src/stats/normal.js';
import { createRng } from '../../src/stats/random.js';
import { fullResults } from '../fixtures/results/full-results.js';
import { syntheticResult } from '../helpers/synthetic-result.js';

const rng = createRng(11);
const times = (center: number, n = 40, cv = 0.01): number[] => Array.from({ length: n }, () => center * Math.exp(cv * normalDeviate(rng)));
const bench = (id: string, center: number, extra: Partial<BenchmarkResult> = {}): BenchmarkResult => ({ ...syntheticResult({ perOp: times(center) }), id, name: id, ...extra });
const run = (startedAt: string, benchmarks: BenchmarkResult[], complete = true): { label: string; results: ResultsFile } => ({
  label: startedAt,
  results: { ...fullResults, environment: { ...fullResults.environment, startedAt }, complete, benchmarks },
});
const failed = (id: string): BenchmarkResult => ({ ...bench(id, 100), status: 'error', estimate: null, samples: [], error: { message: 'boom', location: null, stack: null } });

describe('analyseHistory', () => {
  const runs = [
    run('2026-11-01T10:00:00.000Z', [bench('a', 100), bench('b', 50)]),
    run('2026-11-02T10:00:00.000Z', [bench('a', 100), failed('b')]),
    run('2026-11-03T10:00:00.000Z', [bench('a', 120), bench('b', 50)]),
    run('2026-11-04T10:00:00.000Z', [bench('a', 120)], false),
  ];
  const analysis = analyseHistory(runs, { filter: null, noise: DEFAULT_NOISE, seed: 1 });

  it('keeps one series per benchmark, in run order, with the run facts', () => {
    assert.deepEqual(
      analysis.benchmarks.map((b) => [b.id, b.points.map((p) => p.run)]),
      [
        ['a', [0, 1, 2, 3]],
        ['b', [0, 1, 2]],
      ],
    );
    assert.equal(analysis.runs.length, 4);
    assert.equal(analysis.runs[3]!.complete, false);
    assert.equal(analysis.runs[0]!.commit, fullResults.environment.git!.commit);
  });
  it('marks a 20% step between consecutive runs slower, and no change where there is none', () => {
    const a = analysis.benchmarks[0]!.points;
    assert.equal(a[0]!.change, null);
    assert.equal(a[1]!.change!.verdict, 'same');
    assert.equal(a[2]!.change!.verdict, 'slower');
    assert.ok(a[2]!.change!.ciLower > 0.15 && a[2]!.change!.ciUpper < 0.25, JSON.stringify(a[2]!.change));
    assert.equal(a[3]!.change!.verdict, 'same');
  });
  it('compares across a failed run with the last measured point, and records the failure', () => {
    const b = analysis.benchmarks[1]!.points;
    assert.equal(b[1]!.status, 'error');
    assert.equal(b[1]!.nsPerOp, null);
    assert.equal(b[1]!.change, null);
    assert.equal(b[2]!.change!.verdict, 'same');
  });
  it('keeps only benchmarks whose id matches the filter', () => {
    assert.deepEqual(
      analyseHistory(runs, { filter: /^b$/, noise: DEFAULT_NOISE, seed: 1 }).benchmarks.map((b) => b.id),
      ['b'],
    );
  });
  it('renders one table per benchmark with the verdicts, the failure and the last rows only', () => {
    const text = renderHistoryReport(analysis, { color: false, last: 3 });
    assert.match(text, /^a {2}\S{3} {2}\(4 runs, 1 significant change, last 3 shown\)$/m);
    assert.match(text, /2026-11-03 10:00:00Z .*\+\d+\.\d% \[\+\d+\.\d%, \+\d+\.\d%\] +<?0\.\d+ +slower$/m);
    assert.doesNotMatch(text.split('\n\n')[0]!, /2026-11-01/);
    assert.match(text, /2026-11-02 10:00:00Z .* error$/m);
    assert.match(text, /runs that did not finish/);
  });
});

describe('history across machines', () => {
  it('notes consecutive runs from different Node versions or CPUs, in the analysis and the report', () => {
    const moved = run('2026-11-02T10:00:00.000Z', [bench('a', 100)]);
    moved.results = { ...moved.results, environment: { ...moved.results.environment, runtimeVersion: '22.11.0', cpu: { ...moved.results.environment.cpu, model: 'Other CPU' } } };
    const analysis = analyseHistory([run('2026-11-01T10:00:00.000Z', [bench('a', 100)]), moved, run('2026-11-03T10:00:00.000Z', [bench('a', 100)])], { filter: null, noise: DEFAULT_NOISE, seed: 1 });
    assert.equal(analysis.notes.length, 2);
    assert.match(
      analysis.notes[0]!,
      /^runs differ from 2026-11-01T10:00:00\.000Z to 2026-11-02T10:00:00\.000Z in CPU Apple M2 → Other CPU; runtime node 22\.3\.0 → node 22\.11\.0: a change marked there may be theirs/,
    );
    assert.match(analysis.notes[1]!, /in CPU Other CPU → Apple M2; runtime node 22\.11\.0 → node 22\.3\.0/);
    assert.match(renderHistoryReport(analysis, { color: false, width: 100, last: 10 }), /note: runs differ from 2026-11-01T10:00:00\.000Z to/);
  });
  it('says nothing when every run comes from the same machine and software', () => {
    const analysis = analyseHistory([run('2026-11-01T10:00:00.000Z', [bench('a', 100)]), run('2026-11-02T10:00:00.000Z', [bench('a', 100)])], { filter: null, noise: DEFAULT_NOISE, seed: 1 });
    assert.deepEqual(analysis.notes, []);
  });
});

describe('sparkline', () => {
  it('scales from the lowest to the highest block', () => {
    assert.equal(sparkline([1, 2, 3, 4, 5, 6, 7, 8]), '▁▂▃▄▅▆▇█');
    assert.equal(sparkline([5, 5, 5]), '▁▁▁');
    assert.equal(sparkline([1, 100]), '▁█');
  });
});

describe('run history files', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ubench-history-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('names files so that they sort in time order, without colons', () => {
    const names = ['2026-11-02T09:00:00.000Z', '2026-11-01T23:59:59.999Z', '2026-11-02T10:00:00.000Z'].map((t) => historyFileName(t, 42));
    assert.ok(names.every((n) => !n.includes(':')));
    assert.deepEqual([...names].sort(), [names[1], names[0], names[2]]);
  });
  it('prunes the oldest files, never the current one, keeping the newest', () => {
    const runs = path.join(dir, 'prune');
    mkdirSync(runs);
    for (let i = 0; i < 7; i++) writeFileSync(path.join(runs, `2026-11-0${i + 1}.json`), '{}');
    const current = path.join(runs, '2026-11-01.json');
    pruneHistory(runs, 3, current);
    assert.deepEqual(readdirSync(runs).sort(), ['2026-11-01.json', '2026-11-06.json', '2026-11-07.json']);
    assert.deepEqual(listHistory(path.join(dir, 'absent')), []);
  });
  it('reads the readable runs and lists the broken ones with a reason', () => {
    const runs = path.join(dir, 'read');
    writeResultsAtomic(path.join(runs, historyFileName('2026-11-01T10:00:00.000Z', 1)), run('2026-11-01T10:00:00.000Z', [bench('a', 100)]).results);
    writeFileSync(path.join(runs, '2026-11-02T10-00-00.000Z-2.json'), '{ not json');
    writeFileSync(path.join(runs, 'notes.txt'), 'ignored');
    const history = readHistory(runs);
    assert.equal(history.runs.length, 1);
    assert.equal(history.unreadable.length, 1);
    assert.match(history.unreadable[0]!.reason, /not valid JSON|JSON/);
  });
});

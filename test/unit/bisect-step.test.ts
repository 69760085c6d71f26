/**
 * A bisect step's verdict from ab's paired rows (slower only when called and the whole interval is
 * beyond the threshold; not slower only when every interval is below it; undecided otherwise, with
 * what would decide it; mirrored with --faster), and the kept steps of --resume (read back as
 * written, keyed by the options, untrusted input refused in one line).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { AbAnalysis, AbRow } from '../../src/analysis/ab-pairs.js';
import type { Verdict } from '../../src/analysis/compare-runs.js';
import { stepVerdict } from '../../src/analysis/bisect/step-verdict.js';
import { bisectKey, readState, statePath, writeState, type BisectKeyInputs } from '../../src/runner/bisect/bisect-state.js';
import { UsageError } from '../../src/runner/usage-error.js';

function row(name: string, change: number, ciLower: number | null, ciUpper: number | null, verdict: Verdict): AbRow {
  return {
    name,
    aEstimates: [1],
    bEstimates: [1 + change],
    aNsPerOp: 1,
    bNsPerOp: 1 + change,
    ratio: 1 + change,
    change,
    ciLower,
    ciUpper,
    pValue: verdict === 'same' ? 0.5 : 0.01,
    judgedBy: 'signed-rank',
    verdict,
    reason: null,
    warning: null,
    missingPairs: 0,
    spread: { a: 0, b: 0, ratio: 0 },
    orderEffect: null,
  };
}

const analysis = (...rows: AbRow[]): AbAnalysis => ({ alpha: 0.05, confidence: 0.95, noise: 0.01, pairs: 6, rows, onlyInA: [], onlyInB: [] });

describe('bisect step verdict', () => {
  it('slower: called slower with the whole interval beyond the threshold; the worst benchmark is named', () => {
    const v = stepVerdict(analysis(row('a', 0.08, 0.06, 0.1, 'slower'), row('b', 0.2, 0.18, 0.22, 'slower')), 0.05, 'slower');
    assert.equal(v.verdict, 'slower');
    assert.equal(v.benchmark, 'b');
    assert.equal(v.change, 0.2);
  });

  it('not slower: every interval below the threshold, slower-but-small included', () => {
    assert.equal(stepVerdict(analysis(row('a', 0.02, 0.01, 0.03, 'slower'), row('b', -0.1, -0.12, -0.08, 'faster')), 0.05, 'slower').verdict, 'not-slower');
  });

  it('undecided: an interval across the threshold, or none; the reason says what would decide', () => {
    const across = stepVerdict(analysis(row('a', 0.05, 0.03, 0.07, 'slower')), 0.05, 'slower');
    assert.equal(across.verdict, 'undecided');
    assert.match(across.reason, /reaches across 5%; to decide: more --pairs, --metric instructions/);
    assert.equal(stepVerdict(analysis(row('a', 0.2, null, null, 'cant-tell')), 0.05, 'slower').verdict, 'undecided');
    // Significant alone but not after Holm's correction: not called, so not slower however large.
    assert.equal(stepVerdict(analysis(row('a', 0.2, 0.1, 0.3, 'cant-tell')), 0.05, 'slower').verdict, 'undecided');
  });

  it('--faster mirrors it', () => {
    assert.equal(stepVerdict(analysis(row('a', -0.2, -0.22, -0.18, 'faster')), 0.05, 'faster').verdict, 'slower');
    assert.equal(stepVerdict(analysis(row('a', 0.2, 0.18, 0.22, 'slower')), 0.05, 'faster').verdict, 'not-slower');
    assert.equal(stepVerdict(analysis(row('a', -0.05, -0.07, -0.03, 'faster')), 0.05, 'faster').verdict, 'undecided');
  });

  it('no benchmark on both sides is a skipped step', () => {
    assert.equal(stepVerdict(analysis(), 0.05, 'slower').verdict, 'skipped');
  });
});

describe('bisect state (--resume)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ubench-bisect-state-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const inputs: BisectKeyInputs = {
    good: 'a'.repeat(40),
    bad: 'b'.repeat(40),
    paths: [],
    filter: null,
    threshold: 0.05,
    direction: 'slower',
    metric: 'time',
    pairs: 6,
    noise: 0.01,
    timeBudgetNs: 1e8,
    warmupMaxNs: 1e8,
  };
  const commit = 'c'.repeat(40);

  it('reads back what it wrote; another threshold is another key', () => {
    const file = statePath(dir, bisectKey(inputs));
    writeState(file, inputs, new Map([[commit, { verdict: 'slower', reason: 'x', change: 0.2, ciLower: 0.18, ciUpper: null, pairs: 6, metric: 'time', ms: 10 }]]));
    assert.deepEqual(readState(file, inputs).get(commit), { verdict: 'slower', reason: 'x', change: 0.2, ciLower: 0.18, ciUpper: null, pairs: 6, metric: 'time', ms: 10 });
    assert.notEqual(bisectKey({ ...inputs, threshold: 0.02 }), bisectKey(inputs));
    assert.equal(readState(path.join(dir, 'none.json'), inputs).size, 0);
  });

  it('a file that is not a bisect state is a one-line UsageError naming it', () => {
    const file = path.join(dir, 'bad.json');
    for (const text of [
      '{',
      '{"format":"ubench-bisect-state","version":1,"inputs":{},"steps":{}}',
      JSON.stringify({ format: 'ubench-bisect-state', version: 1, inputs, steps: { [commit]: { verdict: 'maybe', reason: 'x' } } }),
    ]) {
      writeFileSync(file, text);
      assert.throws(
        () => readState(file, inputs),
        (e: unknown) => e instanceof UsageError && e.message.includes(file) && !e.message.includes('\n'),
      );
    }
  });
});

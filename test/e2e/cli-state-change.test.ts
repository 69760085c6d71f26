/**
 * End-to-end: a body that changes the state its setup made is warned, named with what it changed;
 * bodies that only read their state, move a cursor or overwrite a scratch buffer are not; and
 * `state: 'per-call'` gives every call its own state and says what that costs. The ratios here are
 * 1.7× to 30× (measured), the rule's threshold 1.25×; whether a body changed its state at all is
 * decided by fingerprints, not by time.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { ResultsFile } from '../../src/results/types.js';
import { makeTempDir, runCli } from '../helpers/e2e-cli.js';

const DIR = 'test/fixtures/bench/state-change';
const temp = makeTempDir();
after(() => temp.cleanup());

describe('state-changed in the CLI', () => {
  it('warns the bodies that drain, pop, sort in place or grow their state, and none of those that only read it', async () => {
    const json = path.join(temp.dir, 'state.json');
    const run = await runCli([DIR, '--time', '300ms', '--warmup', '100ms', '--json', json]);
    assert.equal(run.code, 0, run.stderr);
    const results = JSON.parse(readFileSync(json, 'utf8')) as ResultsFile;
    const warned = (name: string) => results.benchmarks.find((b) => b.name === name)?.diagnostics.find((d) => d.code === 'state-changed');
    assert.match(warned('queue drained by shift()')?.message ?? '', /array of 1,000 → array of 0/, run.stdout);
    const sortedInPlace = results.benchmarks.find((b) => b.name === 'array sorted in place')!;
    // A sample of one call sorts a fresh array: only samples of two calls or more time a sorted one.
    if (sortedInPlace.samples.some((s) => s.iterations > 1)) assert.match(warned('array sorted in place')?.message ?? '', /array of 10,000 rewritten in place, within the first call/, run.stdout);
    else assert.equal(warned('array sorted in place'), undefined);
    assert.match(warned('jobs taken from a work list')?.message ?? '', /its pending: array of 500 → array of 0/, run.stdout);
    for (const name of ['binary search in a sorted table', 'round-robin over fixtures', 'encodeInto a reused buffer']) assert.equal(warned(name), undefined, `${name}: ${run.stdout}`);
    const sorted = results.benchmarks.find((b) => b.name === 'array sorted in place')!;
    assert.ok(!sorted.diagnostics.some((d) => d.code === 'setup-overhead'), 'no hint to move into setup what is already there');
    const perCall = results.benchmarks.find((b) => b.name === 'array sorted in place, a fresh array per call')!;
    assert.ok(perCall.perCallChunk !== undefined && perCall.perCallChunk >= 1);
    assert.equal(perCall.stateChange, undefined, 'a state per call is not followed');
    assert.ok(perCall.diagnostics.some((d) => d.code === 'per-call-state' && /state of its own/.test(d.message)));
    assert.match(run.stdout, /hint: If every call should see what setup\(\) made, work on a copy/);
  });
});

/** The real-file corpus's comparison (scripts/real-corpus/compare.mjs): own names against ubench's, nothing dropped silently. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareFile, fromUbench, nothingDropped, ownFromRecord, ownFromVitest } from '../../scripts/real-corpus/compare.mjs';

describe('real corpus: names of each harness', () => {
  it('mitata runs with args are named as ubench names parameters, in their group', () => {
    const record = `${JSON.stringify({
      harness: 'mitata',
      benchmarks: [
        { group: 'G', alias: 'a $x', args: { x: 1, y: 'b' }, error: null },
        { group: null, alias: 'c', args: {}, error: 'boom' },
      ],
    })}\n`;
    assert.deepEqual(ownFromRecord(record), [
      { key: 'G/a $x(x=1, y=b)', error: null },
      { key: 'c', error: 'boom' },
    ]);
  });

  it('tinybench and Benchmark.js records keep the bench or suite name as the group', () => {
    const lines = [
      JSON.stringify({ harness: 'tinybench', benchmarks: [{ group: 'Parse', name: 'JSON.parse', error: null }] }),
      JSON.stringify({ harness: 'benchmark', benchmarks: [{ group: null, name: 'Error', error: null }] }),
    ];
    assert.deepEqual(
      ownFromRecord(lines.join('\n')).map((b) => b.key),
      ['Parse/JSON.parse', 'Error'],
    );
  });

  it('vitest groups drop the file and join describes with /', () => {
    const report = {
      files: [
        {
          groups: [
            { fullName: 'vitest/a.bench.ts > outer > inner', benchmarks: [{ name: 'x' }] },
            { fullName: 'vitest/a.bench.ts', benchmarks: [{ name: 'y' }] },
          ],
        },
      ],
    };
    assert.deepEqual(
      ownFromVitest(report).map((b) => b.key),
      ['outer/inner/x', 'y'],
    );
  });
});

describe('real corpus: one file compared', () => {
  const ubench = fromUbench({
    fileErrors: [],
    benchmarks: [
      { group: 'G', name: 'a', status: 'ok', error: null },
      { group: 'G', name: 'b', status: 'error', error: { message: "mitata: .gc('inner') is not mapped" } },
      { group: null, name: 'only-here', status: 'ok', error: null },
    ],
  });

  it('sorts every completed benchmark into measured, refused with its reason, or missing', () => {
    const own = [
      { key: 'G/a', error: null },
      { key: 'G/b', error: null },
      { key: 'G/c', error: null },
      { key: 'G/d', error: 'threw under its own harness' },
    ];
    const row = compareFile(own, ubench);
    assert.equal(row.own, 3);
    assert.deepEqual(row.measured, ['G/a']);
    assert.deepEqual(row.refused, [{ key: 'G/b', reason: "mitata: .gc('inner') is not mapped" }]);
    assert.deepEqual(row.missing, ['G/c']);
    assert.deepEqual(row.extra, [{ key: 'only-here', status: 'ok' }]);
    assert.equal(row.ownFailed.length, 1);
    assert.equal(nothingDropped(row), false, 'a missing benchmark is a silent drop');
    assert.equal(nothingDropped(compareFile(own.slice(0, 2), ubench)), true);
  });

  it('a name occurring twice must be measured twice', () => {
    const row = compareFile(
      [
        { key: 'G/a', error: null },
        { key: 'G/a', error: null },
      ],
      ubench,
    );
    assert.deepEqual(row.measured, ['G/a']);
    assert.deepEqual(row.missing, ['G/a']);
  });

  it('a file ubench could not load, or a run without results, gives every benchmark that reason', () => {
    const own = [{ key: 'x', error: null }];
    const failed = compareFile(own, fromUbench({ fileErrors: [{ file: 'f', error: { message: 'describe.each is not a function' } }], benchmarks: [] }));
    assert.deepEqual(failed.refused, [{ key: 'x', reason: 'file: describe.each is not a function' }]);
    assert.equal(failed.missing.length, 0);
    const none = compareFile(own, null, 'timed out after 300 s');
    assert.deepEqual(none.refused, [{ key: 'x', reason: 'file: timed out after 300 s' }]);
  });
});

/**
 * A results file written by the previous version (commit 5bea54e: two examples with --gc-cost,
 * --alloc-sites and --profile) reads and analyses to the same figures today: estimates and CIs,
 * diagnostics, bytes/op, GC cost and relative speeds, as that version analysed it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readAnalysed } from '../../src/analysis/read-analysed.js';

/** [id, ns/op, CI low, CI high, diagnostics, bytes/op, GC ns/op, relative ratio] as commit 5bea54e analysed the file. */
const AS_ANALYSED_BY_5BEA54E = [
  ['examples/array-sum.bench.ts#sum 10k numbers/for loop over number[]', 8250.287257219454, 8208.088452088452, 8306.305555555555, [], 16, 22.292203044926282, 1],
  ['examples/array-sum.bench.ts#sum 10k numbers/for loop over Float64Array', 8326.088323084115, 8284.180288461539, 8422.791586998088, [], 16, 82.54170808092204, 1.0091590341002274],
  ['examples/array-sum.bench.ts#sum 10k numbers/Array#reduce', 8205.319676091669, 8163.173170731708, 8279.595975232198, [], 16, 16.255684526300684, 0.9962932471049729],
  [
    'examples/json-roundtrip.bench.ts#deep copy a small document/JSON.parse(JSON.stringify(doc))',
    4235.358146067416,
    4169.941333333333,
    4261.268377253814,
    ['info:host-moved', 'info:outliers'],
    1952.3001876172607,
    196.67734806242834,
    1,
  ],
  [
    'examples/json-roundtrip.bench.ts#deep copy a small document/structuredClone(doc)',
    4693.878566203365,
    4602.799475753604,
    4846.686755952381,
    ['info:noisy'],
    1832.1568627450981,
    216.17338692049634,
    1.0956539061379909,
  ],
];

describe('a results file of the previous version', () => {
  it('analyses to the figures that version gave', () => {
    const results = readAnalysed(new URL('../fixtures/results/written-by-5bea54e.json', import.meta.url).pathname);
    const now = results.benchmarks.map((b) => [
      b.id,
      b.estimate?.nsPerOp,
      b.estimate?.ciLower,
      b.estimate?.ciUpper,
      b.diagnostics.map((d) => `${d.severity}:${d.code}`).sort(),
      b.memory?.bytesPerOp ?? null,
      b.memory?.gcCost?.overhead?.nsPerOp ?? null,
      b.relative?.ratio ?? null,
    ]);
    assert.deepEqual(now, AS_ANALYSED_BY_5BEA54E);
  });
});

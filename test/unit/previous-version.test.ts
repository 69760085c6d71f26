/**
 * A results file written by the previous version (commit 5bea54e: two examples with --gc-cost,
 * --alloc-sites and --profile) reads and analyses to the same figures today: diagnostics, bytes/op
 * and GC cost as that version analysed it; the estimates as the median of the host's quiet rounds
 * (analysis/host-quiet.ts), which that version recorded as a figure beside its estimate and this
 * one makes the estimate, and relative speeds whose intervals hold that version's ratios.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readAnalysed } from '../../src/analysis/read-analysed.js';
import { readResults } from '../../src/results/files/read-results.js';
import { median } from '../../src/stats/quantile.js';

const FILE = new URL('../fixtures/results/written-by-5bea54e.json', import.meta.url).pathname;

/**
 * [id, ns/op, CI low, CI high, diagnostics, bytes/op, GC ns/op, relative ratio] as commit 5bea54e
 * analysed the file, and one finding this version adds: `shape-undecided` (information) where a
 * benchmark has fewer samples than the shape tests need (20 here, where `levels` needs 30). And one
 * it no longer credits to the host: JSON.parse's missed precision target (`noisy`), which that version
 * called `host-moved` though the host's part accounted for none of the samples' variation (taking it
 * out left them more varied) — a finding is the host's only where its part is most of the variation.
 */
const AS_ANALYSED_BY_5BEA54E = [
  ['examples/array-sum.bench.ts#sum 10k numbers/for loop over number[]', 8250.287257219454, 8208.088452088452, 8306.305555555555, ['info:shape-undecided'], 16, 22.292203044926282, 1],
  [
    'examples/array-sum.bench.ts#sum 10k numbers/for loop over Float64Array',
    8326.088323084115,
    8284.180288461539,
    8422.791586998088,
    ['info:shape-undecided'],
    16,
    82.54170808092204,
    1.0091590341002274,
  ],
  ['examples/array-sum.bench.ts#sum 10k numbers/Array#reduce', 8205.319676091669, 8163.173170731708, 8279.595975232198, ['info:shape-undecided'], 16, 16.255684526300684, 0.9962932471049729],
  [
    'examples/json-roundtrip.bench.ts#deep copy a small document/JSON.parse(JSON.stringify(doc))',
    4235.358146067416,
    4169.941333333333,
    4261.268377253814,
    ['info:noisy', 'info:outliers'],
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
  const results = readAnalysed(FILE);
  const written = readResults(FILE);

  it('analyses to the diagnostics, bytes/op and GC cost that version gave', () => {
    const now = results.benchmarks.map((b) => [b.id, b.diagnostics.map((d) => `${d.severity}:${d.code}`).sort(), b.memory?.bytesPerOp ?? null, b.memory?.gcCost?.overhead?.nsPerOp ?? null]);
    assert.deepEqual(
      now,
      AS_ANALYSED_BY_5BEA54E.map((row) => [row[0], row[4], row[5], row[6]]),
    );
  });

  it("reads each estimate as the host's quiet rounds where that version had the figure, else as it did", () => {
    for (const [i, b] of results.benchmarks.entries()) {
      // The quiet rounds by their definition: throughput reference within 5% of its lowest, 6 at least.
      const samples = written.benchmarks[i]!.samples;
      const lowest = Math.min(...samples.map((s) => s.hostThroughputNs!));
      const quiet = samples.filter((s) => s.hostThroughputNs! <= lowest * 1.05).map((s) => s.elapsedNs / s.iterations);
      const before = AS_ANALYSED_BY_5BEA54E[i]![1] as number;
      const expected = quiet.length < 6 || quiet.length === samples.length ? before : median(quiet);
      assert.ok(Math.abs(b.estimate!.nsPerOp / expected - 1) < 1e-12, `${b.id}: ${b.estimate!.nsPerOp} against ${expected}`);
      assert.ok(b.estimate!.ciLower <= b.estimate!.nsPerOp && b.estimate!.nsPerOp <= b.estimate!.ciUpper);
    }
  });

  it("reads relative speeds whose intervals hold that version's ratios", () => {
    for (const [i, b] of results.benchmarks.entries()) {
      const before = AS_ANALYSED_BY_5BEA54E[i]![7] as number;
      const { ciLower, ciUpper } = b.relative!;
      assert.ok(ciLower <= before && before <= ciUpper, `${b.id}: ${before} outside ${ciLower}–${ciUpper}`);
    }
  });
});

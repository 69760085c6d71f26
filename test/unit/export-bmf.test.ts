import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resultsBmf } from '../../src/export/bmf-export.js';
import type { BenchmarkResult } from '../../src/results/types.js';
import { fullResults } from '../fixtures/results/full-results.js';
import { benchmark, resultsFile, sortGroupResults } from '../fixtures/report/results-fixture.js';

type Metric = Record<string, unknown>;
type Document = Record<string, Record<string, Metric>>;

/** The BMF JSON Schema (bencher.dev/bmf.json): objects of objects of `{ value, lower_value?, upper_value? }` numbers. */
function assertBmfShape(doc: unknown): asserts doc is Document {
  assert.ok(typeof doc === 'object' && doc !== null && !Array.isArray(doc));
  for (const [name, measures] of Object.entries(doc)) {
    assert.ok(name.length > 0);
    assert.ok(typeof measures === 'object' && measures !== null && !Array.isArray(measures), name);
    for (const [slug, metric] of Object.entries(measures as object)) {
      assert.match(slug, /^[a-z0-9-]{1,64}$/, 'measure keys are slugs');
      const m = metric as Metric;
      assert.equal(typeof m['value'], 'number', `${name} ${slug}`);
      for (const key of Object.keys(m)) assert.ok(['value', 'lower_value', 'upper_value'].includes(key), key);
      for (const key of ['lower_value', 'upper_value']) if (key in m) assert.equal(typeof m[key], 'number');
    }
  }
}

function parse(text: string): Document {
  assert.ok(text.endsWith('}\n'));
  const doc: unknown = JSON.parse(text);
  assertBmfShape(doc);
  return doc;
}

function assertWithin(metric: Metric, label: string): void {
  assert.ok('lower_value' in metric && 'upper_value' in metric, `${label} has bounds`);
  const { value, lower_value: lower, upper_value: upper } = metric as { value: number; lower_value: number; upper_value: number };
  assert.ok(lower <= value && value <= upper, `${label}: ${lower} ≤ ${value} ≤ ${upper}`);
}

describe('resultsBmf', () => {
  it('keys ok benchmarks by id, with latency and throughput whose values lie within their bounds', () => {
    const results = sortGroupResults();
    const doc = parse(resultsBmf(results));
    const ok = results.benchmarks.filter((b) => b.status === 'ok');
    assert.deepEqual(Object.keys(doc).sort(), ok.map((b) => b.id).sort(), 'failed benchmarks are left out');
    for (const b of ok) {
      const entry = doc[b.id]!;
      assert.deepEqual(Object.keys(entry).sort(), ['latency', 'throughput']);
      assert.deepEqual(entry['latency'], { value: b.estimate!.nsPerOp, lower_value: b.estimate!.ciLower, upper_value: b.estimate!.ciUpper });
      assertWithin(entry['latency']!, `${b.id} latency`);
      assertWithin(entry['throughput']!, `${b.id} throughput`);
      const ops = entry['throughput']!['value'] as number;
      assert.ok(Math.abs(ops * b.estimate!.nsPerOp - 1e9) < 1e-3, 'throughput is ops/s = 1e9 / ns/op');
    }
  });

  it('adds bytes-per-op when memory was measured', () => {
    const doc = parse(resultsBmf(fullResults));
    const [measured] = fullResults.benchmarks;
    assert.deepEqual(Object.keys(doc), [measured!.id]);
    assert.deepEqual(doc[measured!.id]!['bytes-per-op'], { value: 304 });
  });

  it('leaves out throughput for a 0 ns/op estimate and bounds that are not finite', () => {
    const zero = benchmark({ name: 'zero', nsPerOp: 0 });
    const open: BenchmarkResult = { ...benchmark({ name: 'open' }), estimate: { nsPerOp: 1, ciLower: 0, ciUpper: 2, confidence: 0.95, method: 'median-order-statistics' } };
    const doc = parse(resultsBmf(resultsFile([zero, open])));
    assert.deepEqual(Object.keys(doc[zero.id]!), ['latency']);
    assert.deepEqual(doc[open.id]!['throughput'], { value: 1e9 }, 'an upper bound of 1e9 / 0 is dropped, with its lower bound');
    assertWithin(doc[open.id]!['latency']!, 'latency');
  });

  it('writes an empty object when nothing succeeded', () => {
    assert.equal(resultsBmf(resultsFile([benchmark({ name: 'x', status: 'error' })])), '{}\n');
  });
});

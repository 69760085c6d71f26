/**
 * The in-loop probes as registered units: the registry's fields are what the results schema and
 * the event check know, and the return-value probe reads what a body returns from the loop's sink
 * (fake runners, no timing).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ProbeTarget } from '../../src/engine/probes/loop-probe.js';
import { LOOP_PROBES, PROBE_FIELDS } from '../../src/engine/probes/index.js';
import { returnValueProbe } from '../../src/engine/probes/return-value/probe.js';
import type { Sink } from '../../src/engine/loop/codegen.js';
import { REPO_ROOT } from '../helpers/e2e-cli.js';

/** A target whose body returns `values[k]` on its k-th call; the runner publishes it to the sink as a generated loop does. */
function target(values: readonly unknown[], mode: 'sync' | 'async' | 'manual' = 'sync'): ProbeTarget {
  const sink: Sink = { value: 0 };
  let calls = 0;
  const runner = {
    mode,
    runBatch(n: number) {
      for (let i = 0; i < n; i++) sink.value = values[calls++ % values.length];
      return Promise.resolve(n);
    },
  } as unknown as ProbeTarget['runner'];
  return { runner, samples: [], baseIterations: 1, nsPerOp: 1, rng: () => 0.5, timeBudgetNs: 1e9, sink };
}

describe('in-loop probes', () => {
  it('every field a probe fills is a result field of the schema, once', () => {
    const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, 'schema/results.schema.json'), 'utf8')) as { $defs: Record<string, { properties?: Record<string, unknown> }> };
    const benchmark = schema.$defs['benchmarkResult'];
    assert.ok(benchmark?.properties !== undefined, 'the schema has the benchmark result');
    assert.deepEqual(
      PROBE_FIELDS.filter((f) => benchmark.properties![f] === undefined),
      [],
    );
    assert.equal(new Set(PROBE_FIELDS).size, PROBE_FIELDS.length);
    assert.deepEqual(
      PROBE_FIELDS,
      LOOP_PROBES.flatMap((p) => p.fields),
    );
  });

  describe('return-value', () => {
    const read = async (values: readonly unknown[], mode?: 'sync' | 'async' | 'manual') => (await returnValueProbe.run(target(values, mode))).returnValue;

    it('a body that returns nothing', async () => {
      assert.deepEqual(await read([undefined]), { type: 'undefined', sameEachCall: true });
    });
    it('the same primitive every call, and one that moves', async () => {
      assert.deepEqual(await read([42]), { type: 'number', sameEachCall: true });
      assert.deepEqual(await read([1, 2]), { type: 'number', sameEachCall: false });
      assert.deepEqual(await read(['a', 'a']), { type: 'string', sameEachCall: true });
      assert.deepEqual(await read([Number.NaN]), { type: 'number', sameEachCall: true }, 'NaN is the same value each call');
      assert.deepEqual(await read([null]), { type: 'null', sameEachCall: true });
    });
    it('a value of another type on the second call is not the same', async () => {
      assert.deepEqual(await read([0, '0']), { type: 'number', sameEachCall: false });
    });
    it('an object: its sameness is not judged', async () => {
      const shared = { a: 1 };
      assert.deepEqual(await read([shared]), { type: 'object', sameEachCall: null });
      assert.deepEqual(await read([() => 1]), { type: 'function', sameEachCall: null });
    });
    it('a body that throws on a further call is not probed, and the benchmark keeps its measurement', async () => {
      const t = target([1]);
      t.runner.runBatch = () => Promise.reject(new Error('input used up'));
      assert.deepEqual(await returnValueProbe.run(t), { returnValue: null });
    });
    it('a manual loop is not probed', async () => {
      assert.equal(await read([1], 'manual'), null);
    });
  });
});

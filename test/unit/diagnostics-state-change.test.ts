/** `state-changed` and `per-call-state` on synthetic results: when they speak, what they say, and what they silence. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnose } from '../../src/analysis/diagnostics/diagnose.js';
import type { RuleContext } from '../../src/analysis/diagnostics/rule.js';
import type { StateChange } from '../../src/results/state-change-types.js';
import { noisy, syntheticResult } from '../helpers/synthetic-result.js';

const context: RuleContext = { clock: { costNs: 40, resolutionNs: 1 }, precisionTarget: 0.01 };

function withProbe(probe: Partial<StateChange>, interceptNs = 0) {
  const stateChange: StateChange = {
    kind: 'settles',
    sampleIterations: 100_000,
    followedCalls: 100_000,
    settledWithin: 1024,
    before: 'array of 1,000',
    change: 'array of 1,000 → array of 0',
    timedCalls: 1024,
    freshNsPerOp: [36, 35, 37],
    laterNsPerOp: [1.2, 1.1, 1.15],
    ...probe,
  };
  return syntheticResult({ perOp: noisy(30, 1.2, 0.01), interceptNs, overrides: { stateChange } });
}

/** A change in place (a sort): the cost test alone decides. */
const inPlace: Partial<StateChange> = { change: 'array of 1,000 rewritten in place' };
const found = (probe: Partial<StateChange>, interceptNs = 0) => diagnose(withProbe(probe, interceptNs), context).find((d) => d.code === 'state-changed');

describe('state-changed', () => {
  it('names what changed, both costs and their ratio, with both remedies', () => {
    const d = found({})!;
    assert.equal(d.severity, 'warning');
    assert.match(
      d.message,
      /array of 1,000 → array of 0, within the first 1,024 calls\) and a sample makes up to 100,000 calls on one state: calls on what setup made cost 36.00 ns, calls on what they leave 1.150 ns \(31.8× apart\); 99% of the timed calls ran on a used state/,
    );
    assert.match(d.hint!, /work on a copy/);
    assert.match(d.hint!, /state: 'per-call'/);
  });

  it('says a growing state changes under the estimate', () => {
    const d = found({ kind: 'keeps-changing', settledWithin: null, change: 'array of 0 → array of 4,096', timedCalls: 512, freshNsPerOp: [180, 170, 175], laterNsPerOp: [2400, 2500, 2450] })!;
    assert.match(d.message, /keeps changing the state setup\(\) made \(array of 0 → array of 4,096 over a sample\)/);
    const part = found({
      kind: 'keeps-changing',
      settledWithin: null,
      sampleIterations: 10_000,
      followedCalls: 2_000,
      change: 'array of 0 → array of 2,000',
      timedCalls: 250,
      freshNsPerOp: [180, 170, 175],
      laterNsPerOp: [2400, 2500, 2450],
    })!;
    assert.match(part.message, /over the first 2,000 calls of a sample of 10,000\).* the last 250 of those 2,000 2.450 µs/);
    assert.match(d.message, /the first 512 calls on a fresh state cost 175.0 ns, the last 512 of a sample 2.450 µs \(14.0× apart\)/);
  });

  it('stays quiet when the change costs nothing, when one pair disagrees, or when the difference is within a few clock reads', () => {
    assert.equal(found({ kind: 'unchanged', change: null, freshNsPerOp: [], laterNsPerOp: [], timedCalls: 0 }), undefined);
    assert.equal(found({ kind: 'keeps-changing', freshNsPerOp: [41, 40, 43], laterNsPerOp: [42, 41, 40] }), undefined, 'a cursor');
    assert.equal(
      found({ kind: 'keeps-changing', freshNsPerOp: [40, 41, 40, 42], laterNsPerOp: [38, 370, 240, 280] }),
      undefined,
      'a cursor whose later batches were descheduled: their fastest is the fresh one’s',
    );
    assert.equal(found({ ...inPlace, freshNsPerOp: [36, 35, 1.2, 1.3, 36], laterNsPerOp: [1.2, 1.1, 1.15, 1.2, 1.1] }), undefined, 'two pairs of five not beyond 1.1×');
    assert.ok(found({ ...inPlace, freshNsPerOp: [36, 35, 36, 37, 36], laterNsPerOp: [1.2, 1.1, 40, 1.2, 1.1] }), 'one disturbed pair of five does not veto');
    assert.equal(
      found({ ...inPlace, settledWithin: 1, timedCalls: 1, freshNsPerOp: [52e3, 51e3, 3e6], laterNsPerOp: [34e3, 28e3, 33e3] }),
      undefined,
      'a first call that only touches fresh memory: 1.6×',
    );
    assert.equal(found({ ...inPlace, settledWithin: 1, timedCalls: 1, freshNsPerOp: [170, 150, 160], laterNsPerOp: [120, 110, 125] }), undefined, '40 ns apart in a batch of one call: one clock read');
    assert.ok(found({ ...inPlace, settledWithin: 1, timedCalls: 1, freshNsPerOp: [1000, 1100, 1050], laterNsPerOp: [200, 210, 190] }), 'a small sort in place: 850 ns apart');
  });

  it('judges a first call against a copy of the used state where the probe made one: the content, not the object’s newness', () => {
    const first = { ...inPlace, change: 'Float64Array of 20,000 rewritten in place', settledWithin: 1, timedCalls: 1 };
    // A sort in place, 2.3× on its first call: under the 3× a first call needs alone, but the copy shows the content costs it.
    const sorted = found({ ...first, freshNsPerOp: [1.42e6, 1.41e6, 1.45e6], laterNsPerOp: [6.15e5, 6.14e5, 6.14e5], usedCopyNsPerOp: [6.14e5, 6.13e5, 6.14e5] });
    assert.match(sorted?.message ?? '', /calls on what setup made cost 1\.4\d+ ms, calls on what they leave 614\.\d µs \(2\.3\d× apart\)/);
    assert.equal(found({ ...first, freshNsPerOp: [1.42e6, 1.41e6, 1.45e6], laterNsPerOp: [6.15e5, 6.14e5, 6.14e5] }), undefined, 'without the copy, 2.3× is under the first-call bar');
    // A scratch refilled and sorted: 1.8× on its first call, and as much on a copy: the object's newness.
    assert.equal(found({ ...first, freshNsPerOp: [1800, 1790, 1810], laterNsPerOp: [1000, 1010, 990], usedCopyNsPerOp: [1900, 2200, 2100] }), undefined);
  });

  it('warns a body that empties a collection setup made whatever the calls cost: they take from nothing', () => {
    // Taking a job from a list of 500 read 1.2–1.9× dearer than popping the emptied list across processes.
    const d = found({ change: 'its pending: array of 500 → array of 0', settledWithin: 512, timedCalls: 512, freshNsPerOp: [3.4, 3.1, 3.6], laterNsPerOp: [2.9, 2.7, 3.8] })!;
    assert.match(d.message, /^run\(\) empties the state setup\(\) made \(its pending: array of 500 → array of 0, within the first 512 calls\).*taking from an empty collection whatever that costs$/);
    assert.ok(found({ change: 'Map of 3 → Map of 0', freshNsPerOp: [5, 5, 5], laterNsPerOp: [5, 5, 5] }));
    // Not emptied: a collection that shrinks but keeps some, one that was empty already, or a change of kind.
    for (const change of ['array of 500 → array of 12', 'array of 0 → array of 0', 'array of 3 → Set of 0', 'string of 5 characters → string of 0 characters'])
      assert.equal(found({ change, freshNsPerOp: [5, 5, 5], laterNsPerOp: [5, 5, 5] }), undefined, change);
    assert.equal(found({ kind: 'keeps-changing', change: 'array of 500 → array of 0', freshNsPerOp: [5, 5, 5], laterNsPerOp: [5, 5, 5] }), undefined, 'a state still changing at the end of a sample');
    // A member drained while another keeps changing (a Map emptied by delete(s.k++)): 99.9% of the calls take from nothing.
    const drained = found({ kind: 'keeps-changing', settledWithin: null, change: 'its m: Map of 2,000 → Map of 0', freshNsPerOp: [5, 5, 5], laterNsPerOp: [5, 5, 5] });
    assert.match(
      drained?.message ?? '',
      /^run\(\) empties a collection of the state setup\(\) made \(its m: Map of 2,000 → Map of 0 over a sample\).*taking from an empty collection whatever that costs$/,
    );
  });

  it('takes the place of setup-overhead, whose hint would ask to move into setup what already is', () => {
    const sorted = { settledWithin: 1, timedCalls: 1, sampleIterations: 4, freshNsPerOp: [2.1e6, 2.2e6, 2.1e6], laterNsPerOp: [1.5e5, 1.5e5, 1.6e5] };
    const codes = diagnose(withProbe(sorted, 2e6), context).map((d) => d.code);
    assert.ok(codes.includes('state-changed'), codes.join());
    assert.ok(!codes.includes('setup-overhead'), codes.join());
    const unchanged = diagnose(withProbe({ kind: 'unchanged', change: null, freshNsPerOp: [], laterNsPerOp: [], timedCalls: 0 }, 2e6), context).map((d) => d.code);
    assert.ok(unchanged.includes('setup-overhead'), `the intercept is still reported without a state change: ${unchanged.join()}`);
  });
});

describe('per-call-state', () => {
  it('states the chunk and what its clock reads add per call', () => {
    const result = syntheticResult({ perOp: noisy(30, 200, 0.01), overrides: {} });
    result.perCallChunk = 50;
    const d = diagnose(result, context).find((x) => x.code === 'per-call-state')!;
    assert.equal(d.severity, 'info');
    assert.match(d.message, /chunk of 50 calls: two clock reads of 40.00 ns per chunk add 1.600 ns to each call, included in the estimate \(0.8\d*% of it\)/);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeRelative, relativeText } from '../../src/report/relative-text.js';
import { benchmark, selfRelative } from '../fixtures/report/results-fixture.js';

const REFERENCE_ID = 'bench/sort.bench.ts#sort/Array#sort';

function withRatio(ratio: number, ciLower: number, ciUpper: number) {
  return benchmark({ name: 'candidate', group: 'sort', relative: { referenceId: REFERENCE_ID, ratio, ciLower, ciUpper } });
}

describe('relative text', () => {
  it('names the reference "fastest" when it is not a declared baseline', () => {
    const fastest = benchmark({ name: 'Array#sort', group: 'sort' });
    fastest.relative = selfRelative(fastest.id);
    assert.deepEqual(describeRelative(fastest), { kind: 'fastest', text: 'fastest' });
  });

  it('names the reference "baseline" when it is marked as baseline', () => {
    const base = benchmark({ name: 'Array#sort', group: 'sort', baseline: true });
    base.relative = selfRelative(base.id);
    assert.deepEqual(describeRelative(base), { kind: 'baseline', text: 'baseline' });
  });

  it('states slower results with the ratio and its interval', () => {
    assert.deepEqual(describeRelative(withRatio(1.31, 1.29, 1.33)), { kind: 'slower', text: '1.31× slower (1.29–1.33)' });
    assert.equal(relativeText(withRatio(3148, 3090, 3205)), '3148× slower (3090–3205)');
  });

  it('inverts ratio and interval bounds for faster results', () => {
    // 1/0.4878 = 2.050, 1/0.4975 = 2.010, 1/0.4785 = 2.090: the upper ratio bound becomes the lower one.
    assert.deepEqual(describeRelative(withRatio(0.4878, 0.4785, 0.4975)), { kind: 'faster', text: '2.05× faster (2.01–2.09)' });
  });

  it('says "≈ same" when the interval includes 1', () => {
    assert.deepEqual(describeRelative(withRatio(1.004, 0.99, 1.02)), { kind: 'same', text: '≈ same (0.99–1.02)' });
    assert.equal(relativeText(withRatio(0.998, 0.97, 1)), '≈ same (0.97–1.00)');
  });

  it('adds decimals until a narrow interval reads as clearly above 1', () => {
    assert.equal(relativeText(withRatio(1.004, 1.002, 1.006)), '1.004× slower (1.002–1.006)');
  });

  it('is empty when there is no relative figure', () => {
    assert.deepEqual(describeRelative(benchmark({ name: 'alone' })), { kind: 'none', text: '' });
    assert.equal(relativeText(withRatio(Number.NaN, 1, 2)), '');
  });

  it('omits the interval when its bounds are unknown', () => {
    assert.equal(relativeText(withRatio(2.5, Number.NaN, Number.NaN)), '2.50× slower');
    assert.equal(relativeText(withRatio(0.25, Number.NaN, Number.NaN)), '4.00× faster');
  });
});

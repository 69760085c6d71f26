import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import fc from 'fast-check';
import { createRng, modality, mValue, MVALUE_BIMODAL, MVALUE_MIN_SAMPLES, MVALUE_MULTIMODAL, MVALUE_POSSIBLY, normalDeviate, type Rng } from '../../src/stats/index.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 557235038;

/** Seeded trials per case: 1000 rather than 200, so a rate near a bound is resolved to ±0.3%. */
const TRIALS = 1000;

/** n draws of `draw`, from a generator seeded by (n, trial, salt) so every case has its own stream. */
function sample(n: number, trial: number, salt: number, draw: (rng: Rng) => number): number[] {
  const rng = createRng(salt * 1_000_003 + n * 1_009 + trial);
  return Array.from({ length: n }, () => draw(rng));
}

/** Share of TRIALS seeded samples of size n whose mValue satisfies `hit`; reported as a diagnostic. */
function rate(t: TestContext, label: string, n: number, salt: number, draw: (rng: Rng) => number, hit: (m: number) => boolean): number {
  let hits = 0;
  for (let trial = 0; trial < TRIALS; trial++) {
    if (hit(mValue(sample(n, trial, salt, draw)))) hits++;
  }
  const share = hits / TRIALS;
  t.diagnostic(`${label}, n = ${n}: ${(100 * share).toFixed(1)}% of ${TRIALS}`);
  return share;
}

const normal = (rng: Rng): number => 100 + 10 * normalDeviate(rng);
/** Equal mixture of two unit normals whose means are 10σ apart. */
const twoPeaks = (rng: Rng): number => (rng() < 0.5 ? 0 : 10) + normalDeviate(rng);
/** Equal mixture of three unit normals at 0, 10σ and 20σ. */
const threePeaks = (rng: Rng): number => 10 * Math.floor(3 * rng()) + normalDeviate(rng);
const uniform = (rng: Rng): number => rng();
const logNormal =
  (sigma: number) =>
  (rng: Rng): number =>
    100 * Math.exp(sigma * normalDeviate(rng));
const exponential = (rng: Rng): number => -Math.log(1 - rng());

test('thresholds are the BenchmarkDotNet ones', () => {
  assert.equal(MVALUE_POSSIBLY, 2.8);
  assert.equal(MVALUE_BIMODAL, 3.2);
  assert.equal(MVALUE_MULTIMODAL, 4.2);
  assert.equal(MVALUE_MIN_SAMPLES, 15);
});

test('constant data and single values score 2 (one bar)', () => {
  assert.equal(mValue([7]), 2);
  assert.equal(mValue(Array(40).fill(3.25)), 2);
  assert.deepEqual(modality(Array(40).fill(3.25)), { mValue: 2, verdict: 'unimodal' });
});

test('two distinct values score 2: on their own lattice they are adjacent bins', () => {
  assert.equal(mValue([...Array(8).fill(0), ...Array(8).fill(1)]), 2);
  assert.equal(mValue([...Array(8).fill(0), ...Array(8).fill(10)]), 2);
});

test('hand-computed clusters: two equal peaks score 4, three score 6', () => {
  // Ticks 0, 1 | 10, 11 (10 each): the best binning is …0, 20, 0, …, 0, 20, 0… → (20 + 20 + 20 + 20) / 20.
  const two = [0, 1, 10, 11].flatMap((v) => Array(10).fill(v) as number[]);
  assert.equal(mValue(two), 4);
  assert.deepEqual(modality(two), { mValue: 4, verdict: 'bimodal' });
  // Three clusters need narrower bins relative to σ, hence more values: 30 per tick gives width 5.
  const three = [0, 1, 10, 11, 20, 21].flatMap((v) => Array(30).fill(v) as number[]);
  assert.equal(mValue(three), 6);
  assert.equal(modality(three).verdict, 'multimodal');
  // A second peak half as tall adds 2 · ½: 0, 20, 0, 10, 0 → 60 / 20.
  const unequal = [...[0, 1].flatMap((v) => Array(10).fill(v) as number[]), ...Array(10).fill(10)];
  assert.equal(mValue(unequal), 3);
  assert.equal(modality(unequal).verdict, 'possibly-multimodal');
});

test('fewer than 15 values get no verdict, but the score is still reported', () => {
  const rng = createRng(5);
  const values = Array.from({ length: MVALUE_MIN_SAMPLES - 1 }, () => twoPeaks(rng));
  const result = modality(values);
  assert.equal(result.verdict, 'too-few-samples');
  assert.equal(result.mValue, mValue(values));
  assert.notEqual(modality([...values, 0]).verdict, 'too-few-samples');
});

test('invalid input throws RangeError', () => {
  assert.throws(() => mValue([]), RangeError);
  assert.throws(() => mValue([1, Number.NaN]), RangeError);
  assert.throws(() => mValue([1, 2, Number.POSITIVE_INFINITY]), /mValue: value at index 2 is not finite/);
  assert.throws(() => modality([]), RangeError);
});

test('properties: at least 2, finite, order-free, invariant to scaling by powers of two', () => {
  fc.assert(
    // Subnormal values (|v| < 2⁻¹⁰²²) are flushed to 0: scaling them by a power of two rounds, so the
    // scaled values would not be the same values scaled, and the invariance would not be a property.
    fc.property(
      fc.array(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((v) => (Math.abs(v) < 2 ** -1000 ? 0 : v)),
        { minLength: 1, maxLength: 60 },
      ),
      fc.integer({ min: -20, max: 20 }),
      (values, exponent) => {
        const m = mValue(values);
        assert.ok(m >= 2 && Number.isFinite(m), `mValue ${m}`);
        assert.equal(mValue([...values].reverse()), m);
        assert.equal(mValue([...values].sort((a, b) => a - b)), m);
        assert.equal(mValue(values.map((v) => v * 2 ** exponent)), m);
      },
    ),
    { seed: PROPERTY_SEED },
  );
});

test('unimodal normal samples stay below 2.8 in ≥ 99% of trials', (t) => {
  for (const n of [50, 100, 500]) {
    assert.ok(rate(t, 'normal, mValue < 2.8', n, 1, normal, (m) => m < MVALUE_POSSIBLY) >= 0.99);
  }
});

test('two normals 10σ apart score above 3.2 in ≥ 95% of trials', (t) => {
  for (const n of [50, 100, 500]) {
    assert.ok(rate(t, 'two peaks, mValue > 3.2', n, 2, twoPeaks, (m) => m > MVALUE_BIMODAL) >= 0.95);
  }
  // Known limit, reported only: 15 values are too few to resolve two peaks reliably.
  rate(t, 'two peaks, mValue > 3.2 (not asserted)', 15, 2, twoPeaks, (m) => m > MVALUE_BIMODAL);
});

test('three normals 10σ apart typically score above 4.2 from n = 100', (t) => {
  assert.ok(rate(t, 'three peaks, mValue > 4.2', 100, 3, threePeaks, (m) => m > MVALUE_MULTIMODAL) >= 0.75);
  assert.ok(rate(t, 'three peaks, mValue > 4.2', 200, 3, threePeaks, (m) => m > MVALUE_MULTIMODAL) >= 0.99);
  assert.ok(rate(t, 'three peaks, mValue > 4.2', 500, 3, threePeaks, (m) => m > MVALUE_MULTIMODAL) >= 0.99);
  // Known limit, reported only: at n = 50 Scott's width (from the inflated σ) merges the peaks.
  rate(t, 'three peaks, mValue > 4.2 (not asserted)', 50, 3, threePeaks, (m) => m > MVALUE_MULTIMODAL);
  // …though most such samples are still flagged as at least bimodal.
  assert.ok(rate(t, 'three peaks, mValue > 3.2', 50, 3, threePeaks, (m) => m > MVALUE_BIMODAL) >= 0.5);
});

test('uniform samples are rarely called bimodal', (t) => {
  for (const n of [50, 100, 500]) {
    assert.ok(rate(t, 'uniform, mValue > 3.2', n, 4, uniform, (m) => m > MVALUE_BIMODAL) <= 0.1);
  }
});

test('right-skewed samples (log-normal, exponential) are not called bimodal in ≥ 97% at n = 100', (t) => {
  const skewed: [string, (rng: Rng) => number][] = [
    ['log-normal σ = 0.25', logNormal(0.25)],
    ['log-normal σ = 0.5', logNormal(0.5)],
    ['log-normal σ = 1', logNormal(1)],
    ['exponential', exponential],
  ];
  skewed.forEach(([label, draw], i) => {
    assert.ok(rate(t, `${label}, mValue ≤ 3.2`, 100, 10 + i, draw, (m) => m <= MVALUE_BIMODAL) >= 0.97);
  });
});

test('timer-quantised normal data is not mistaken for many modes', (t) => {
  // Values on a 1-tick lattice with σ of 1–2 ticks: bins not aligned to the lattice would comb.
  for (const sigma of [0.5, 1, 2]) {
    const draw = (rng: Rng): number => Math.round(100 + sigma * normalDeviate(rng));
    for (const n of [30, 100, 500]) {
      const label = `quantised normal σ = ${sigma} ticks, mValue < 2.8`;
      assert.ok(rate(t, label, n, 20, draw, (m) => m < MVALUE_POSSIBLY) >= 0.97);
    }
  }
});

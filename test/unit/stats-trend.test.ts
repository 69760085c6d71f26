import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import fc from 'fast-check';
import {
  createRng,
  DRIFT_MIN_RELATIVE_CHANGE,
  DRIFT_MIN_SAMPLES,
  DRIFT_P_VALUE,
  erfc,
  hasDrift,
  normalCdf,
  normalDeviate,
  TREND_MAX_SAMPLES,
  trendTest,
  type Rng,
  withinTrendLimit,
} from '../../src/stats/index.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 470130627;

function assertClose(actual: number, expected: number, relative: number, label: string): void {
  const error = expected === 0 ? Math.abs(actual) : Math.abs(actual - expected) / Math.abs(expected);
  assert.ok(error <= relative, `${label}: ${actual} vs ${expected} (relative error ${error})`);
}

// ---------------------------------------------------------------------------------------------
// normal.ts: references from scipy.special.erfc and scipy.special.ndtr.

const SCIPY_ERFC: [number, number][] = [
  [-3, 1.9999779095030015],
  [-0.5, 1.5204998778130465],
  [0, 1.0],
  [0.5, 0.4795001221869535],
  [1, 0.15729920705028516],
  [2.4, 0.0006885138966450789],
  [2.6, 0.000236034416529349],
  [5, 1.5374597944280347e-12],
  [10, 2.0884875837625446e-45],
  [26, 5.663192408856145e-296],
];

const SCIPY_NDTR: [number, number][] = [
  [-30, 4.906713927147908e-198],
  [-10, 7.61985302416047e-24],
  [-6, 9.865876450376946e-10],
  [-5, 2.866515718791933e-7],
  [-3.2905, 0.0005000475090387818],
  [-3, 0.0013498980316300933],
  [-1.959964, 0.024999999096442398],
  [-1, 0.15865525393145707],
  [0, 0.5],
  [0.5, 0.6914624612740131],
  [1.96, 0.9750021048517795],
  [3, 0.9986501019683699],
];

test('erfc and normalCdf match scipy to 1e-11 relative, tails included', () => {
  for (const [x, expected] of SCIPY_ERFC) assertClose(erfc(x), expected, 1e-11, `erfc(${x})`);
  for (const [z, expected] of SCIPY_NDTR) assertClose(normalCdf(z), expected, 1e-11, `Φ(${z})`);
  assert.equal(normalCdf(Number.NEGATIVE_INFINITY), 0);
  assert.equal(normalCdf(Number.POSITIVE_INFINITY), 1);
  assert.equal(erfc(40), 0);
  assert.throws(() => normalCdf(Number.NaN), RangeError);
  assert.throws(() => erfc(Number.NaN), RangeError);
});

test('normalCdf is monotone and symmetric: Φ(−x) + Φ(x) = 1', () => {
  fc.assert(
    fc.property(fc.double({ min: -8, max: 8, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (x, dx) => {
      assert.ok(normalCdf(x + dx) >= normalCdf(x));
      assert.ok(Math.abs(normalCdf(-x) + normalCdf(x) - 1) < 1e-15);
    }),
    { seed: PROPERTY_SEED },
  );
});

test('normalDeviate has mean 0 and variance 1', () => {
  const rng = createRng(42);
  const n = 200_000;
  let sum = 0;
  let sumSquares = 0;
  for (let i = 0; i < n; i++) {
    const z = normalDeviate(rng);
    sum += z;
    sumSquares += z * z;
  }
  assert.ok(Math.abs(sum / n) < 0.01);
  assert.ok(Math.abs(sumSquares / n - 1) < 0.01);
});

// ---------------------------------------------------------------------------------------------
// trend.ts: reference values from an independent Python implementation of the textbook formulas:
//
//   import numpy as np
//   from scipy.stats import norm, kendalltau, rankdata, theilslopes
//   def mk(x):
//       x = np.asarray(x, float); n = len(x)
//       s = sum(np.sign(x[j] - x[i]) for i in range(n) for j in range(i + 1, n))
//       _, t = np.unique(x, return_counts=True)
//       var = (n * (n - 1) * (2 * n + 5) - np.sum(t * (t - 1) * (2 * t + 5))) / 18
//       z = (s - np.sign(s)) / np.sqrt(var) if s != 0 else 0.0
//       slope = np.median([(x[j] - x[i]) / (j - i) for i in range(n) for j in range(i + 1, n)])
//       r = rankdata(x - slope * np.arange(n)) - (n + 1) / 2          # Hamed & Rao, lags 1..3
//       acc = sum((n - k) * (n - k - 1) * (n - k - 2) * np.sum(r[:-k] * r[k:]) / np.sum(r * r)
//                 for k in (1, 2, 3))
//       corr = max(1.0, 1 + 2 * acc / (n * (n - 1) * (n - 2)))
//       za = (s - np.sign(s)) / np.sqrt(var * corr) if s != 0 else 0.0
//       return dict(s=s, var=var, z=z, p=2 * norm.sf(abs(z)),
//                   tau=kendalltau(np.arange(n), x).statistic,            # tau-b
//                   slope=slope, corr=corr, padj=2 * norm.sf(abs(za)),
//                   rel=slope * (n - 1) / abs(np.median(x)))
//   # slope also equals scipy.stats.theilslopes(x).slope for all four series.

interface Reference {
  values: number[];
  s: number;
  varianceS: number;
  z: number;
  pValue: number;
  tau: number;
  senSlope: number;
  varianceCorrection: number;
  adjustedPValue: number;
  relativeChange: number;
}

const REFERENCES: Record<string, Reference> = {
  'rising, with ties': {
    values: [101.2, 100.8, 102.5, 101.2, 103.1, 102.0, 101.2, 104.4, 103.3, 102.9, 105.0, 104.1, 103.3, 106.2, 105.5, 104.8, 106.9, 107.3, 105.5, 108.0, 107.1, 106.6, 109.2, 108.4, 110.0],
    s: 235,
    varianceS: 1827.6666666666667,
    z: 5.473528223777358,
    pValue: 4.4116258190965284e-8,
    tau: 0.7899438584070568,
    senSlope: 0.34267676767676813,
    varianceCorrection: 1,
    adjustedPValue: 4.4116258190965284e-8,
    relativeChange: 0.07847559565116828,
  },
  'falling, short': {
    values: [50, 49, 51, 47, 48, 48, 45, 46, 47, 44, 43, 45],
    s: -45,
    varianceS: 209.66666666666666,
    z: -3.038701086406464,
    pValue: 0.002376004759956042,
    tau: -0.697863157798853,
    senSlope: -0.5982142857142857,
    varianceCorrection: 1,
    adjustedPValue: 0.002376004759956042,
    relativeChange: -0.14000759878419453,
  },
  'no trend, many ties': {
    values: [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4, 3, 3, 8, 3, 2, 7],
    s: 19,
    varianceS: 3068.3333333333335,
    z: 0.32495351274096756,
    pValue: 0.7452162553607027,
    tau: 0.04607025263308058,
    senSlope: 0,
    varianceCorrection: 1.0133880157072102,
    adjustedPValue: 0.7468468098453179,
    relativeChange: 0,
  },
  'autocorrelated wave with a trend': {
    values: [10, 11, 12, 12, 11, 10, 9, 9, 10, 11, 13, 14, 14, 13, 12, 11, 11, 12, 13, 15, 16, 16, 15, 14],
    s: 136,
    varianceS: 1586,
    z: 3.3898632364248216,
    pValue: 0.0006992750020630332,
    tau: 0.5198266334512447,
    senSlope: 0.2222222222222222,
    varianceCorrection: 1.976109402460457,
    adjustedPValue: 0.01588961181609346,
    relativeChange: 0.4259259259259259,
  },
};

test('trendTest matches the Python reference (S, var S, z, p, tau-b, Sen slope, Hamed–Rao)', () => {
  for (const [name, ref] of Object.entries(REFERENCES)) {
    const result = trendTest(ref.values);
    assert.equal(result.s, ref.s, `${name}: S`);
    assertClose(result.varianceS, ref.varianceS, 1e-14, `${name}: var S`);
    assertClose(result.z, ref.z, 1e-12, `${name}: z`);
    assertClose(result.pValue, ref.pValue, 1e-10, `${name}: p`);
    assertClose(result.tau, ref.tau, 1e-12, `${name}: tau`);
    assertClose(result.senSlope, ref.senSlope, 1e-12, `${name}: Sen slope`);
    assertClose(result.varianceCorrection, ref.varianceCorrection, 1e-12, `${name}: correction`);
    assertClose(result.adjustedPValue, ref.adjustedPValue, 1e-10, `${name}: adjusted p`);
    assertClose(result.relativeChange, ref.relativeChange, 1e-12, `${name}: relative change`);
  }
});

test('the autocorrelation correction is what keeps a wavy series from being called drift', () => {
  const wave = REFERENCES['autocorrelated wave with a trend']!;
  const result = trendTest(wave.values);
  assert.ok(wave.values.length >= DRIFT_MIN_SAMPLES);
  assert.ok(result.pValue < DRIFT_P_VALUE && Math.abs(result.relativeChange) >= DRIFT_MIN_RELATIVE_CHANGE);
  assert.ok(result.adjustedPValue > DRIFT_P_VALUE);
  assert.equal(hasDrift(wave.values), false);
  assert.equal(hasDrift(REFERENCES['rising, with ties']!.values), true);
});

test('constants', () => {
  assert.equal(DRIFT_P_VALUE, 0.001);
  assert.equal(DRIFT_MIN_RELATIVE_CHANGE, 0.05);
  assert.equal(DRIFT_MIN_SAMPLES, 20);
});

test('degenerate series: one value, constant, two values', () => {
  const none = {
    s: 0,
    varianceS: 0,
    tau: 0,
    z: 0,
    pValue: 1,
    varianceCorrection: 1,
    adjustedPValue: 1,
    senSlope: 0,
    relativeChange: 0,
  };
  assert.deepEqual(trendTest([5]), none);
  assert.deepEqual(trendTest(Array(30).fill(2.5)), none);
  assert.equal(hasDrift(Array(30).fill(2.5)), false);
  const two = trendTest([1, 3]);
  assert.equal(two.s, 1);
  assert.equal(two.tau, 1);
  assert.equal(two.senSlope, 2);
  assert.equal(two.relativeChange, 1); // slope 2 over one step, median 2
  assert.equal(trendTest([-1, 1]).relativeChange, Number.POSITIVE_INFINITY); // median 0
});

test('invalid input throws RangeError', () => {
  assert.throws(() => trendTest([]), RangeError);
  assert.throws(() => trendTest([1, Number.NaN]), RangeError);
  assert.throws(() => trendTest([1, Number.NEGATIVE_INFINITY]), /trendTest: value at index 1 is not finite/);
  assert.throws(() => trendTest(new Array<number>(TREND_MAX_SAMPLES + 1).fill(1)), /at most 10000 values/);
  assert.throws(() => hasDrift([]), RangeError);
  assert.throws(() => hasDrift([1, Number.POSITIVE_INFINITY]), /hasDrift/);
});

/** Median of all pairwise slopes by brute force: full sort, middle element(s). */
function bruteSenSlope(values: number[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < values.length; i++) {
    for (let j = i + 1; j < values.length; j++) slopes.push((values[j]! - values[i]!) / (j - i));
  }
  slopes.sort((a, b) => a - b);
  const mid = slopes.length >> 1;
  return slopes.length % 2 === 1 ? slopes[mid]! : (slopes[mid - 1]! + slopes[mid]!) / 2;
}

function bruteS(values: number[]): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) {
    for (let j = i + 1; j < values.length; j++) s += Math.sign(values[j]! - values[i]!);
  }
  return s;
}

const series = fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 2, maxLength: 60 });
const doubles = fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 2, maxLength: 60 });
const increments = fc.array(fc.double({ min: 1e-3, max: 1e3, noNaN: true }), { minLength: 2, maxLength: 60 });

test('S and Sen slope agree with brute force; tau in [−1, 1]', () => {
  fc.assert(
    fc.property(doubles, (values) => {
      const result = trendTest(values);
      assert.equal(result.s, bruteS(values));
      const expected = bruteSenSlope(values);
      assert.ok(Math.abs(result.senSlope - expected) <= 1e-12 * Math.max(1, Math.abs(expected)));
      assert.ok(result.tau >= -1 && result.tau <= 1);
      assert.ok(result.pValue > 0 && result.pValue <= 1);
      assert.ok(result.adjustedPValue >= result.pValue && result.varianceCorrection >= 1);
    }),
    { seed: PROPERTY_SEED },
  );
});

test('strictly increasing data has tau = 1 and S = n(n − 1)/2', () => {
  fc.assert(
    fc.property(increments, (steps) => {
      let level = 0;
      const values = steps.map((d) => (level += d));
      fc.pre(values.every((v, i) => i === 0 || v > values[i - 1]!));
      const result = trendTest(values);
      assert.equal(result.tau, 1);
      assert.equal(result.s, (values.length * (values.length - 1)) / 2);
    }),
    { seed: PROPERTY_SEED },
  );
});

test('reversing the series negates S, tau, z and the slope', () => {
  fc.assert(
    fc.property(series, (values) => {
      const forward = trendTest(values);
      const backward = trendTest([...values].reverse());
      const negate = (x: number): number => (x === 0 ? 0 : -x); // 0, not −0, for strict equality
      assert.equal(backward.s, negate(forward.s));
      assert.equal(backward.tau, negate(forward.tau));
      assert.equal(backward.z, negate(forward.z));
      assert.equal(backward.pValue, forward.pValue);
      // The median's interpolation low + (high − low)/2 is not exactly odd under negation.
      assert.ok(Math.abs(backward.senSlope + forward.senSlope) <= 1e-12 * Math.abs(forward.senSlope));
    }),
    { seed: PROPERTY_SEED },
  );
});

test('adding a constant changes neither tau, S nor the p-values', () => {
  fc.assert(
    fc.property(series, fc.integer({ min: -1e6, max: 1e6 }), (values, shift) => {
      const moved = values.map((v) => v + shift);
      const base = trendTest(values);
      const shifted = trendTest(moved);
      assert.equal(shifted.s, base.s);
      assert.equal(shifted.tau, base.tau);
      assert.equal(shifted.pValue, base.pValue);
      assert.equal(shifted.adjustedPValue, base.adjustedPValue);
      assert.equal(shifted.senSlope, base.senSlope);
    }),
    { seed: PROPERTY_SEED },
  );
});

test('n = 5000 (12.5 M pairs) recovers a small slope under unit noise', () => {
  const rng = createRng(9);
  const values = Array.from({ length: 5000 }, (_, i) => 100 + i * 1e-4 + normalDeviate(rng));
  const result = trendTest(values);
  assert.ok(Math.abs(result.senSlope - 1e-4) < 1e-4);
});

// ---------------------------------------------------------------------------------------------
// False alarms and power of hasDrift, on seeded simulated series.

const TRIALS = 500;

/** Share of TRIALS seeded series for which hasDrift fires; reported as a diagnostic. */
function driftRate(t: TestContext, label: string, n: number, salt: number, make: (rng: Rng, n: number) => number[]): number {
  let fired = 0;
  for (let trial = 0; trial < TRIALS; trial++) {
    if (hasDrift(make(createRng(salt * 1_000_003 + n * 1_009 + trial), n))) fired++;
  }
  const share = fired / TRIALS;
  t.diagnostic(`${label}, n = ${n}: hasDrift fired in ${(100 * share).toFixed(1)}% of ${TRIALS}`);
  return share;
}

/** iid normal noise, mean 100, CV 10%. */
const iidNormal = (rng: Rng, n: number): number[] => Array.from({ length: n }, () => 100 * (1 + 0.1 * normalDeviate(rng)));
/** iid log-normal noise, σ of the log 0.5 (right-skewed, CV ≈ 53%). */
const iidLogNormal = (rng: Rng, n: number): number[] => Array.from({ length: n }, () => 100 * Math.exp(0.5 * normalDeviate(rng)));
/** Stationary AR(1) noise, φ = 0.5, marginal CV 10% (so large that the 5% magnitude gate rarely helps). */
function ar1(rng: Rng, n: number): number[] {
  const phi = 0.5;
  const cv = 0.1;
  let x = cv * normalDeviate(rng);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    out.push(100 * (1 + x));
    x = phi * x + cv * Math.sqrt(1 - phi * phi) * normalDeviate(rng);
  }
  return out;
}
/** Level rising linearly by 10% from first to last sample, multiplicative noise with CV 2%. */
const linearDrift = (rng: Rng, n: number): number[] => Array.from({ length: n }, (_, i) => 100 * (1 + (0.1 * i) / (n - 1)) * (1 + 0.02 * normalDeviate(rng)));

test('iid normal noise: hasDrift fires in ≤ 0.5% (n = 30, 100)', (t) => {
  for (const n of [30, 100]) assert.ok(driftRate(t, 'iid normal, CV 10%', n, 1, iidNormal) <= 0.005);
});

test('iid normal noise: hasDrift fires in ≤ 0.5% (n = 500)', (t) => {
  assert.ok(driftRate(t, 'iid normal, CV 10%', 500, 1, iidNormal) <= 0.005);
});

test('iid log-normal noise: hasDrift fires in ≤ 0.5% (n = 30, 100)', (t) => {
  for (const n of [30, 100]) assert.ok(driftRate(t, 'iid log-normal, σ 0.5', n, 2, iidLogNormal) <= 0.005);
});

test('iid log-normal noise: hasDrift fires in ≤ 0.5% (n = 500)', (t) => {
  assert.ok(driftRate(t, 'iid log-normal, σ 0.5', 500, 2, iidLogNormal) <= 0.005);
});

test('AR(1) noise, φ = 0.5: hasDrift fires in ≤ 2% (n = 20, 30, 100)', (t) => {
  for (const n of [20, 30, 100]) assert.ok(driftRate(t, 'AR(1) φ 0.5, CV 10%', n, 3, ar1) <= 0.02);
});

test('AR(1) noise, φ = 0.5: hasDrift fires in ≤ 2% (n = 500)', (t) => {
  assert.ok(driftRate(t, 'AR(1) φ 0.5, CV 10%', 500, 3, ar1) <= 0.02);
});

test('a 10% linear drift under 2% noise is detected in ≥ 95% at n = 50', (t) => {
  assert.ok(driftRate(t, 'drift 10%, CV 2%', 50, 4, linearDrift) >= 0.95);
  // Below DRIFT_MIN_SAMPLES nothing is ever reported.
  const tooFew = DRIFT_MIN_SAMPLES - 1;
  assert.equal(driftRate(t, 'drift 10%, CV 2% (below the minimum)', tooFew, 4, linearDrift), 0);
});

test('a series longer than trendTest takes is judged on the means of consecutive blocks, its trend kept', () => {
  const short = [3, 1, 2];
  assert.equal(withinTrendLimit(short), short);
  const n = 2 * TREND_MAX_SAMPLES + 389;
  const rising = Array.from({ length: n }, (_, i) => 100 + i / n);
  const thinned = withinTrendLimit(rising);
  assert.ok(thinned.length <= TREND_MAX_SAMPLES && thinned.length >= TREND_MAX_SAMPLES / 2, `${thinned.length}`);
  assert.equal(thinned[0], (rising[0]! + rising[1]! + rising[2]!) / 3);
  assert.ok(trendTest(thinned).senSlope > 0);
  assert.equal(hasDrift(new Array<number>(n).fill(5)), false);
});

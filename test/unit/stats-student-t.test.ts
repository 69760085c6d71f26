import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { logGamma, regularizedBeta, studentTCdf, studentTCritical, studentTQuantile } from '../../src/stats/student-t.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 640026166;

const close = (actual: number, expected: number, tolerance: number, what: string): void =>
  assert.ok(Math.abs(actual - expected) <= tolerance * Math.max(1, Math.abs(expected)), `${what}: ${actual} vs ${expected}`);

describe("Student's t", () => {
  it('matches R for log Γ and the regularized incomplete beta', () => {
    close(logGamma(0.5), 0.5723649429247001, 1e-13, 'lgamma(0.5)');
    close(logGamma(10), 12.801827480081469, 1e-13, 'lgamma(10)');
    close(logGamma(1e-3), 6.907178885383854, 1e-12, 'lgamma(0.001)');
    // pbeta(0.3, 2, 5), pbeta(0.9, 0.5, 0.5)
    close(regularizedBeta(0.3, 2, 5), 0.579825, 1e-6, 'pbeta(0.3, 2, 5)');
    close(regularizedBeta(0.9, 0.5, 0.5), 0.7951672353008665, 1e-12, 'pbeta(0.9, .5, .5)');
  });

  it("matches R's qt and pt", () => {
    const qt: [number, number, number][] = [
      [0.975, 1, 12.706204736174698],
      [0.975, 2, 4.302652729749464],
      [0.975, 5, 2.570581835636314],
      [0.975, 10, 2.228138851986274],
      [0.975, 30, 2.042272456301238],
      [0.995, 6, 3.707428021324907],
      [0.9, 3, 1.63774435369621],
    ];
    for (const [p, df, expected] of qt) close(studentTQuantile(p, df), expected, 1e-8, `qt(${p}, ${df})`);
    close(studentTCdf(2, 4), 0.9419417382415922, 1e-12, 'pt(2, 4)');
    close(studentTCdf(-1.5, 7), 0.088649243494985, 1e-12, 'pt(-1.5, 7)');
    close(studentTCritical(0.95, 6), 2.4469118511449786, 1e-8, 'critical 95%, 6 df');
  });

  it('is symmetric, monotone, and tends to the normal for many degrees of freedom', () => {
    close(studentTQuantile(0.975, 1e6), 1.959966, 1e-5, 'qt(0.975, 1e6)');
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 0.999, noNaN: true }), fc.double({ min: 0.5, max: 200, noNaN: true }), (p, df) => {
        const q = studentTQuantile(p, df);
        close(studentTCdf(q, df), p, 1e-9, 'cdf(quantile(p))');
        close(studentTQuantile(1 - p, df), -q, 1e-9, 'symmetry');
      }),
      { seed: PROPERTY_SEED },
    );
  });

  it('refuses what has no answer', () => {
    assert.throws(() => studentTQuantile(1, 3), RangeError);
    assert.throws(() => studentTQuantile(0.5, 0), RangeError);
    assert.throws(() => studentTCdf(Number.NaN, 3), RangeError);
  });
});

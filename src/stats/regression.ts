/** Ordinary least-squares line fit, used for elapsed-time-versus-iterations regressions. */

import { requireNoNaN } from './validate.js';

/** A fitted line y ≈ intercept + slope · x and its coefficient of determination. */
export interface LinearFit {
  slope: number;
  intercept: number;
  /** 1 − SSres / SStot, in [0, 1]; 1 when all ys are equal (the fit is then exact). */
  r2: number;
}

/**
 * Fits y = intercept + slope · x by ordinary least squares (with an intercept term), the same
 * estimates as scipy's `linregress` and R's `lm(y ~ x)`.
 *
 * Numerics: both coordinates are centred on their means before any product is formed, so a large
 * common offset (e.g. 10⁹-iteration batches timed in nanoseconds) does not swamp the sums, and
 * residuals are taken from the centred data.
 *
 * r2 = 1 − SSres / SStot, clamped to [0, 1] against rounding. When all ys are equal, SStot = 0 and
 * the horizontal line fits exactly: slope 0, intercept that value, r2 = 1.
 *
 * @returns null when there are fewer than 2 points or all xs are equal (the slope is undefined;
 *   this includes xs so close together that Σ(x − x̄)² underflows to 0).
 * @throws RangeError when xs and ys differ in length or hold a NaN.
 */
export function linearFit(xs: readonly number[], ys: readonly number[]): LinearFit | null {
  if (xs.length !== ys.length) {
    throw new RangeError(`linearFit: xs and ys must have the same length, got ${xs.length} and ${ys.length}`);
  }
  requireNoNaN(xs, 'linearFit (xs)');
  requireNoNaN(ys, 'linearFit (ys)');
  const n = xs.length;
  if (n < 2) return null;
  const x0 = xs[0]!;
  const y0 = ys[0]!;
  let xsVary = false;
  let ysVary = false;
  let sumX = 0;
  let sumY = 0;
  for (let i = 0; i < n; i++) {
    const x = xs[i]!;
    const y = ys[i]!;
    if (x !== x0) xsVary = true;
    if (y !== y0) ysVary = true;
    sumX += x;
    sumY += y;
  }
  if (!xsVary) return null;
  // Tested exactly: the computed mean of equal values can differ from them in the last bit.
  if (!ysVary) return { slope: 0, intercept: y0, r2: 1 };
  const meanX = sumX / n;
  const meanY = sumY / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - meanX;
    const dy = ys[i]! - meanY;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  // Distinct xs whose spread underflows to 0 leave the slope as undefined as equal xs do.
  if (!(sxx > 0)) return null;
  const slope = sxy / sxx;
  const intercept = meanY - slope * meanX;
  let ssRes = 0;
  for (let i = 0; i < n; i++) {
    const residual = ys[i]! - meanY - slope * (xs[i]! - meanX);
    ssRes += residual * residual;
  }
  const raw = syy === 0 ? 1 : 1 - ssRes / syy;
  const r2 = raw < 0 ? 0 : Math.min(raw, 1);
  return { slope, intercept, r2 };
}

/** The fit with what both standard errors need: n, x̄, Σ(x − x̄)² and s² = SSres / (n − 2). Null with < 3 points. */
function residualSpread(xs: readonly number[], ys: readonly number[]): { n: number; meanX: number; sxx: number; s2: number } | null {
  const fit = linearFit(xs, ys);
  const n = xs.length;
  if (fit === null || n < 3) return null;
  let sumX = 0;
  for (const x of xs) sumX += x;
  const meanX = sumX / n;
  let sxx = 0;
  let ssRes = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - meanX;
    sxx += dx * dx;
    const residual = ys[i]! - fit.intercept - fit.slope * xs[i]!;
    ssRes += residual * residual;
  }
  if (!(sxx > 0)) return null;
  return { n, meanX, sxx, s2: ssRes / (n - 2) };
}

/**
 * Standard error of the intercept of the least-squares line through (xs, ys):
 * `s · sqrt(1/n + x̄² / Σ(x − x̄)²)` with `s² = SSres / (n − 2)`. Used to tell a real fixed cost
 * per batch from one the noise made up. Null with fewer than 3 points or all xs equal.
 *
 * @throws RangeError when xs and ys differ in length or hold a NaN.
 */
export function interceptStandardError(xs: readonly number[], ys: readonly number[]): number | null {
  const spread = residualSpread(xs, ys);
  if (spread === null) return null;
  const { n, meanX, sxx, s2 } = spread;
  return Math.sqrt(s2 * (1 / n + (meanX * meanX) / sxx));
}

/**
 * Standard error of the least-squares slope through (xs, ys): `s / sqrt(Σ(x − x̄)²)` with
 * `s² = SSres / (n − 2)`; with Student's t on n − 2 degrees of freedom it gives the slope's interval
 * (instructions per operation over regions of several sizes). Null with fewer than 3 points or all
 * xs equal.
 *
 * @throws RangeError when xs and ys differ in length or hold a NaN.
 */
export function slopeStandardError(xs: readonly number[], ys: readonly number[]): number | null {
  const spread = residualSpread(xs, ys);
  return spread === null ? null : Math.sqrt(spread.s2 / spread.sxx);
}

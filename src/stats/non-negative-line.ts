/**
 * Weighted least squares of a straight line `y ≈ a + c·x` with both coefficients non-negative: a
 * fixed cost and a growth term can neither be negative.
 */

type Values = ArrayLike<number>;

/** The interior optimum when both coefficients come out ≥ 0, else the better of the two boundaries (c = 0, a = 0). */
export function nonNegativeLine(xs: Values, ys: Values, ws: Values): { a: number; c: number } {
  return nonNegativeLineOn(scaledLineInput(xs), ys, ws);
}

/** The sizes of a line fit scaled to [0, 1] once, for fits repeated on the same sizes. */
export interface ScaledXs {
  readonly x: Float64Array;
  readonly scale: number;
}

/** Scales x to [0, 1] so n³ terms do not swamp the sums. */
export function scaledLineInput(xs: Values): ScaledXs {
  let scale = 0;
  for (let i = 0; i < xs.length; i++) scale = Math.max(scale, Math.abs(xs[i]!));
  scale ||= 1;
  const x = new Float64Array(xs.length);
  for (let i = 0; i < xs.length; i++) x[i] = xs[i]! / scale;
  return { x, scale };
}

/** {@link nonNegativeLine} on sizes scaled once (the stepped law refits the same sizes many times). */
export function nonNegativeLineOn({ x, scale }: ScaledXs, ys: Values, ws: Values): { a: number; c: number } {
  let sw = 0;
  let swx = 0;
  let swy = 0;
  let swxx = 0;
  let swxy = 0;
  for (let i = 0; i < x.length; i++) {
    sw += ws[i]!;
    swx += ws[i]! * x[i]!;
    swy += ws[i]! * ys[i]!;
    swxx += ws[i]! * x[i]! * x[i]!;
    swxy += ws[i]! * x[i]! * ys[i]!;
  }
  const rss = (a: number, c: number): number => {
    let sum = 0;
    for (let i = 0; i < x.length; i++) sum += ws[i]! * (ys[i]! - a - c * x[i]!) ** 2;
    return sum;
  };
  // The candidates in order: the flat line, the line through 0, the interior optimum when feasible; the first of equals wins.
  let bestA = swy / sw;
  let bestC = 0;
  let bestRss = rss(bestA, bestC);
  const consider = (a: number, c: number): void => {
    const r = rss(a, c);
    if (r < bestRss) {
      bestA = a;
      bestC = c;
      bestRss = r;
    }
  };
  consider(0, swxx > 0 ? Math.max(0, swxy / swxx) : 0);
  const det = sw * swxx - swx * swx;
  if (det > 0) {
    const c = (sw * swxy - swx * swy) / det;
    const a = (swy - c * swx) / sw;
    if (a >= 0 && c >= 0) consider(a, c);
  }
  return { a: bestA, c: bestC / scale };
}

/**
 * Weighted least squares of a straight line `y ≈ a + c·x` with both coefficients non-negative: a
 * fixed cost and a growth term can neither be negative.
 */

/** The interior optimum when both coefficients come out ≥ 0, else the better of the two boundaries (c = 0, a = 0). */
export function nonNegativeLine(xs: readonly number[], ys: readonly number[], ws: readonly number[]): { a: number; c: number } {
  // Scale x to [0, 1] so n³ terms do not swamp the sums.
  const scale = Math.max(...xs.map(Math.abs)) || 1;
  const x = xs.map((v) => v / scale);
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
  const candidates: { a: number; c: number }[] = [
    { a: swy / sw, c: 0 },
    { a: 0, c: swxx > 0 ? Math.max(0, swxy / swxx) : 0 },
  ];
  const det = sw * swxx - swx * swx;
  if (det > 0) {
    const c = (sw * swxy - swx * swy) / det;
    const a = (swy - c * swx) / sw;
    if (a >= 0 && c >= 0) candidates.push({ a, c });
  }
  const rss = (p: { a: number; c: number }): number => x.reduce((s, xi, i) => s + ws[i]! * (ys[i]! - p.a - p.c * xi) ** 2, 0);
  const best = candidates.reduce((p, q) => (rss(q) < rss(p) ? q : p));
  return { a: best.a, c: best.c / scale };
}

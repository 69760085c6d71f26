// The peers figures' arithmetic (lab/scripts/peers-figures.mjs): from one record per harness process to
// the rows of the tables. Pure: no processes, no clock; tested on synthetic records.

/** The targets (issue 33): ubench's wall time at most this share of mitata's in the same run. */
export const WALL_RATIO_TARGET = 0.6;

export const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}
/** Run-to-run coefficient of variation (sample standard deviation over the mean), or undefined under 2 values. */
export function cv(xs) {
  if (xs.length < 2) return undefined;
  const m = mean(xs);
  if (m === 0) return undefined;
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1)) / m;
}

/**
 * `records`: one per harness process, `{ run, harness, ok, reason?, wallSeconds, estimates: Map, ownFloorNs? }`.
 * Returns per workload and harness the estimates over the runs that gave one, their mean, CV, min and
 * max, and how many runs failed; per harness the wall times; per run the ubench / mitata wall ratio.
 */
export function summarise(records, workloads, harnesses, floorName) {
  const cells = new Map();
  for (const w of workloads) {
    for (const h of harnesses) {
      const mine = records.filter((r) => r.harness === h);
      const values = mine.filter((r) => r.ok && r.estimates.has(w)).map((r) => r.estimates.get(w));
      cells.set(`${w}\u0000${h}`, {
        values,
        runs: mine.length,
        mean: values.length > 0 ? mean(values) : undefined,
        cv: cv(values),
        min: values.length > 0 ? Math.min(...values) : undefined,
        max: values.length > 0 ? Math.max(...values) : undefined,
        reasons: [...new Set(mine.filter((r) => !r.ok).map((r) => r.reason))],
      });
    }
  }
  const cell = (w, h) => cells.get(`${w}\u0000${h}`);
  const walls = new Map(harnesses.map((h) => [h, records.filter((r) => r.harness === h && r.ok).map((r) => r.wallSeconds)]));
  const ratios = [];
  for (const run of [...new Set(records.map((r) => r.run))].sort((a, b) => a - b)) {
    const u = records.find((r) => r.run === run && r.harness === 'ubench' && r.ok);
    const m = records.find((r) => r.run === run && r.harness === 'mitata' && r.ok);
    if (u !== undefined && m !== undefined && m.wallSeconds > 0) ratios.push({ run, ratio: u.wallSeconds / m.wallSeconds });
  }
  /** Per workload: the best (lowest) CV among the peers of ubench, undefined when none is known. */
  const bestPeerCv = (w) => {
    const peers = harnesses
      .filter((h) => h !== 'ubench')
      .map((h) => cell(w, h)?.cv)
      .filter((c) => c !== undefined);
    return peers.length === 0 ? undefined : Math.min(...peers);
  };
  /** Per workload: is ubench's CV at most the best peer CV? undefined when either is unknown. */
  const cvMet = (w) => {
    const own = cell(w, 'ubench')?.cv;
    const best = bestPeerCv(w);
    return own === undefined || best === undefined ? undefined : own <= best;
  };
  const floors = new Map(
    harnesses.map((h) => {
      const own = records
        .filter((r) => r.harness === h && r.ok)
        .map((r) => r.ownFloorNs)
        .filter((x) => x !== undefined);
      return [h, { empty: cell(floorName, h), own }];
    }),
  );
  /** Per run of harness `h`: workload `a`'s estimate over `b`'s (how linear its chain figures are). */
  const ratioOf = (h, a, b) => records.filter((r) => r.harness === h && r.ok && r.estimates.get(b) > 0 && r.estimates.has(a)).map((r) => r.estimates.get(a) / r.estimates.get(b));
  return { cell, walls, ratios, bestPeerCv, cvMet, floors, ratioOf };
}

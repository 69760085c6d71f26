// Whether two forms of the same benchmarks read the same: each benchmark's median estimate over
// separate processes of a form, the spread of those processes (largest over smallest), and a form
// held against its reference within the larger of the two spreads — or MIN_TOLERANCE when a few
// processes happened to agree more closely than processes of the same code usually do.

/**
 * Separate processes of the same code on this machine differ by a median 1.9% and a 90th percentile
 * of 7.8% (lab/corpus-rates.md, A/A pairs with the host's shifts accounted for): two or three
 * processes can show a smaller spread than that by chance, so agreement is never asked closer.
 */
export const MIN_TOLERANCE = 0.08;

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** max/min − 1 of a form's estimates across its processes (0 for one process). */
export const spreadOf = (xs) => Math.max(...xs) / Math.min(...xs) - 1;

/** Estimates (ns/op) by benchmark name from a results file's document (each reads the host's quiet rounds where it has them). */
export function estimatesOf(results) {
  const out = new Map();
  for (const b of results.benchmarks) {
    if (b.status !== 'ok' || b.estimate === null) continue;
    out.set(b.group === null ? b.name : `${b.group} › ${b.name}`, b.estimate.nsPerOp);
  }
  return out;
}

/**
 * `runs`: per form, one Map(name → ns/op) per process. Returns one row per benchmark and form with
 * its median, spread, and (where the form has a reference) the ratio, the tolerance and the verdict.
 */
export function agreement(runs, references, minTolerance = MIN_TOLERANCE) {
  const rows = [];
  const names = new Set(Object.values(runs).flatMap((maps) => maps.flatMap((m) => [...m.keys()])));
  for (const name of names) {
    for (const [form, maps] of Object.entries(runs)) {
      const xs = maps.map((m) => m.get(name)).filter((x) => x !== undefined);
      if (xs.length === 0) continue;
      const row = {
        name,
        form,
        median: median(xs),
        spread: spreadOf(xs),
        processes: xs.length,
        reference: references[form] ?? null,
        ratio: null,
        tolerance: null,
        agrees: null,
        runRatios: [],
        runsAgreeing: 0,
      };
      rows.push(row);
    }
  }
  for (const row of rows) {
    if (row.reference === null) continue;
    const ref = rows.find((r) => r.name === row.name && r.form === row.reference);
    if (ref === undefined) continue;
    row.ratio = row.median / ref.median;
    row.tolerance = Math.max(row.spread, ref.spread, minTolerance);
    const within = (ratio) => Math.abs(Math.log(ratio)) <= Math.log1p(row.tolerance);
    row.agrees = within(row.ratio);
    // Run by run: the form's process against its reference's process of the same run.
    const own = runs[row.form];
    const theirs = runs[row.reference];
    row.runRatios = own.flatMap((m, r) => (m.has(row.name) && theirs[r]?.has(row.name) ? [m.get(row.name) / theirs[r].get(row.name)] : []));
    row.runsAgreeing = row.runRatios.filter(within).length;
  }
  return rows;
}

/**
 * A/B in one run: two implementations of the same benchmarks measured in alternating fresh
 * processes (ABBA order), analysed pair by pair. Each pair's log ratio ln(B/A) cancels what the two
 * processes of a pair share (the machine's state at that moment), the Wilcoxon signed-rank test
 * asks whether the ratios are centred on 1, and the Hodges–Lehmann interval brackets the ratio.
 * Alternating the order cancels a bias of the first or second process of a pair, and measures it.
 */
import { groupedName } from '../results/text/grouped-name.js';
import type { BenchmarkResult, ResultsFile } from '../results/types.js';
import { hodgesLehmannInterval, minimumSignedRankPValue, wilcoxonSignedRank } from '../stats/wilcoxon-signed-rank.js';
import { median } from '../stats/quantile.js';
import { callVerdict, COMPARE_ALPHA, COMPARE_CONFIDENCE, isChange, type CompareMetric, type Verdict } from './compare-runs.js';
import { measuredCount } from './compare-instructions.js';
import { COUNT_REPEAT_TOLERANCE, countedRange, countedVerdict, countSpread, countsRepeat, type JudgedBy } from './counted-comparison.js';
import { formatThresholdPercent } from '../results/text/format-units.js';

export type AbOrder = 'AB' | 'BA';

/** One pair of processes: A's and B's results (null when a side did not run, e.g. interrupted). */
export interface AbPair {
  order: AbOrder;
  a: ResultsFile | null;
  b: ResultsFile | null;
}

/** Pair i runs A first when i is even and B first when odd: AB BA AB BA… (nanobench's ABBA). */
export function abOrder(index: number): AbOrder {
  return index % 2 === 0 ? 'AB' : 'BA';
}

export interface AbRow {
  /** `group/name` (the part of the id after the file) for two files; the id (`file#group/name`) for two revisions. */
  name: string;
  /** Per-pair estimates, ns/op (instructions per op with `--metric instructions`), of the pairs where both sides measured it. */
  aEstimates: number[];
  bEstimates: number[];
  /** Medians of those estimates (of the metric compared: ns/op, or instructions per op). */
  aNsPerOp: number;
  bNsPerOp: number;
  /** B/A: exp of the Hodges–Lehmann estimate of the log ratios. */
  ratio: number;
  /** ratio − 1: +0.05 means B is 5% slower. */
  change: number;
  /** The change's CI (counted rows: the whole range of the pairs); null with too few pairs for one. */
  ciLower: number | null;
  ciUpper: number | null;
  /** The signed-rank test's p-value; null for a counted row, which is not tested (counted-comparison.ts). */
  pValue: number | null;
  /** What judged the row: the range of repeating instruction counts, or the signed-rank test. */
  judgedBy: JudgedBy;
  /** With `--metric instructions`: each side's counts' spread, max/min − 1, against which "repeat" was judged. */
  countSpread?: { a: number; b: number };
  verdict: Verdict;
  reason: string | null;
  warning: string | null;
  /** Pairs where either side failed or did not run. */
  missingPairs: number;
  /** Spread (median absolute deviation, relative) of A's per-process estimates and of the paired ratios. */
  spread: { a: number; b: number; ratio: number };
  /**
   * How much slower the second process of a pair ran than the first, from the difference between
   * AB and BA pairs; null without both orders. ABBA cancels it from the ratio either way.
   */
  orderEffect: number | null;
}

export interface AbAnalysis {
  /** What the pairs compare (absent: time). */
  metric?: CompareMetric;
  alpha: number;
  confidence: number;
  noise: number;
  pairs: number;
  rows: AbRow[];
  onlyInA: string[];
  onlyInB: string[];
}

/** The value a pair compares of a benchmark: its time, or its instruction count; null when it has none. */
export function comparedValue(b: BenchmarkResult | undefined, metric: CompareMetric): number | null {
  if (b === undefined || b.status !== 'ok' || b.estimate === null) return null;
  return metric === 'instructions' ? (measuredCount(b)?.perOp ?? null) : b.estimate.nsPerOp;
}

/** Median absolute deviation from the median, relative to the median (0 for fewer than two values). */
function relativeSpread(values: readonly number[], logScale: boolean): number {
  if (values.length < 2) return 0;
  const m = median(values);
  const mad = median(values.map((v) => Math.abs(v - m)));
  return logScale ? Math.expm1(mad) : mad / m;
}

/** What pairs a benchmark of A with one of B: `group/name` for two files, the whole id (`file#group/name`) for the same files at two revisions. */
export type AbKey = (benchmark: BenchmarkResult) => string;

/** The compared value of the benchmark `name` (by `keyOf`) in one side's process of a pair, or null. */
function estimateIn(pair: AbPair, side: 'a' | 'b', name: string, metric: CompareMetric, keyOf: AbKey): number | null {
  return comparedValue(
    pair[side]?.benchmarks.find((x) => keyOf(x) === name),
    metric,
  );
}

/** How many benchmarks both sides of the pairs declare: what Holm's correction counts. */
export function testedCount(pairs: readonly AbPair[], keyOf: AbKey = groupedName): number {
  const inB = new Set(keysOf(pairs, 'b', keyOf));
  return keysOf(pairs, 'a', keyOf).filter((k) => inB.has(k)).length;
}

/**
 * How many benchmarks both sides declare whose instruction counts over the pairs so far do not
 * repeat on both sides (counted-comparison.ts countsRepeat): those the signed-rank test must judge,
 * and so what Holm's correction counts under `--metric instructions`.
 */
export function unrepeatedCount(pairs: readonly AbPair[], keyOf: AbKey = groupedName): number {
  const inB = new Set(keysOf(pairs, 'b', keyOf));
  const side = (name: string, s: 'a' | 'b'): number[] => pairs.map((p) => estimateIn(p, s, name, 'instructions', keyOf)).filter((v): v is number => v !== null);
  return keysOf(pairs, 'a', keyOf).filter((k) => inB.has(k) && !(countsRepeat(side(k, 'a')) && countsRepeat(side(k, 'b')))).length;
}

function keysOf(pairs: readonly AbPair[], side: 'a' | 'b', keyOf: AbKey): string[] {
  const keys = new Set<string>();
  for (const p of pairs) for (const b of p[side]?.benchmarks ?? []) keys.add(keyOf(b));
  return [...keys];
}

/**
 * The fewest pairs whose signed-rank test can reach what Holm's step-down asks of the smallest p-value
 * when `benchmarks` are tested at once (α/m): n pairs that all agree give p = 2/2ⁿ and no less, so
 * fewer pairs could never call a change, however large.
 */
export function pairsForHolm(benchmarks: number, alpha: number = COMPARE_ALPHA): number {
  const asked = alpha / Math.max(1, benchmarks);
  let n = 1;
  while (minimumSignedRankPValue(n) > asked) n++;
  return n;
}

/** What decides an A/B row the verdict cannot call. */
const MORE_PAIRS = 'more --pairs (the interval narrows about as 1/√pairs)';

function analyseRow(name: string, pairs: readonly AbPair[], noise: number, metric: CompareMetric, keyOf: AbKey): AbRow {
  const aEstimates: number[] = [];
  const bEstimates: number[] = [];
  const logRatios: number[] = [];
  const byOrder: Record<AbOrder, number[]> = { AB: [], BA: [] };
  for (const p of pairs) {
    const a = estimateIn(p, 'a', name, metric, keyOf);
    const b = estimateIn(p, 'b', name, metric, keyOf);
    if (a === null || b === null) continue;
    aEstimates.push(a);
    bEstimates.push(b);
    const d = Math.log(b / a);
    logRatios.push(d);
    byOrder[p.order].push(d);
  }
  const n = logRatios.length;
  const orderEffect = byOrder.AB.length > 0 && byOrder.BA.length > 0 ? Math.expm1((median(byOrder.AB) - median(byOrder.BA)) / 2) : null;
  const common = {
    name,
    aEstimates,
    bEstimates,
    aNsPerOp: n === 0 ? NaN : median(aEstimates),
    bNsPerOp: n === 0 ? NaN : median(bEstimates),
    warning: null,
    missingPairs: pairs.length - n,
    spread: { a: relativeSpread(aEstimates, false), b: relativeSpread(bEstimates, false), ratio: relativeSpread(logRatios, true) },
    orderEffect,
  };
  const counts = metric === 'instructions' ? { countSpread: { a: countSpread(aEstimates), b: countSpread(bEstimates) } } : {};
  // Counts that repeat on both sides decide from their whole range: no test, so nothing for Holm to correct.
  if (metric === 'instructions' && countsRepeat(aEstimates) && countsRepeat(bEstimates)) {
    const range = countedRange(aEstimates, bEstimates);
    const { verdict, reason } = countedVerdict(range, noise);
    return { ...common, ...counts, ratio: 1 + range.change, change: range.change, ciLower: range.lower, ciUpper: range.upper, pValue: null, judgedBy: 'counted', verdict, reason };
  }
  const test = n === 0 ? { pValue: 1 } : wilcoxonSignedRank(logRatios);
  const interval = n === 0 ? null : hodgesLehmannInterval(logRatios, COMPARE_CONFIDENCE);
  const ratio = interval === null ? NaN : Math.exp(interval.estimate);
  const ciLower = interval?.lower == null ? null : Math.expm1(interval.lower);
  const ciUpper = interval?.upper == null ? null : Math.expm1(interval.upper);
  const { verdict, reason } = callVerdict({ pValue: test.pValue, change: ratio - 1, ciLower, ciUpper }, noise, { noInterval: 'too few pairs for an interval', decide: MORE_PAIRS });
  return { ...common, ...counts, ratio, change: ratio - 1, ciLower, ciUpper, pValue: test.pValue, judgedBy: 'signed-rank', verdict, reason };
}

/** The warning of a signed-rank row with fewer pairs than its test needs, `tested` rows being tested at once. */
function pairsWarning(row: AbRow, tested: number): AbRow {
  const n = row.aEstimates.length;
  const needed = pairsForHolm(tested);
  if (row.judgedBy !== 'signed-rank' || n === 0 || n >= needed) return row;
  const asked = COMPARE_ALPHA / Math.max(1, tested);
  return {
    ...row,
    warning: `${n} pair${n === 1 ? '' : 's'} measured: ${tested > 1 ? `with ${tested} benchmarks tested at once Holm's correction asks p ≤ ${asked.toPrecision(2)}, and ` : ''}the signed-rank test of ${n} pair${n === 1 ? '' : 's'} cannot go below p = ${minimumSignedRankPValue(n).toPrecision(2)} even when every pair agrees; ${needed} pairs can`,
  };
}

/**
 * Holm's step-down over the benchmarks of one A/B (Holm 1979): with m benchmarks tested at once, the
 * k-th smallest p-value must be ≤ α/(m − k + 1), and once one is not, none after it counts. A run of
 * ten unchanged benchmarks then calls none of them with probability ≥ 95%, where ten tests at α each
 * would call one in 40% of runs (measured: an A/A `ab <rev>` of ten benchmarks at 6 pairs called one).
 *
 * Counted rows (no p-value) are left alone and are not counted in m: the correction bounds the chance
 * that sampling noise alone makes one of m tests significant, and a counted row is not a test — its
 * verdict is read off counts that repeat to within the tolerance, and its range holds every pair's
 * ratio, so there is no sampling error for the family to share. Counting them in m would only make
 * the rows that are tested harder to call for benchmarks that never risked a false call.
 */
export function holmStepDown(rows: readonly AbRow[], alpha: number): AbRow[] {
  const tested = rows.filter((r): r is AbRow & { pValue: number } => r.pValue !== null && Number.isFinite(r.pValue));
  const m = tested.length;
  if (m < 2) return [...rows];
  const order = [...tested].sort((a, b) => a.pValue - b.pValue);
  const passes = new Set<AbRow>();
  for (const [k, row] of order.entries()) {
    if (row.pValue > alpha / (m - k)) break;
    passes.add(row);
  }
  return rows.map((row) => {
    if (row.pValue === null || !isChange(row.verdict) || passes.has(row)) return row;
    const k = order.indexOf(row as AbRow & { pValue: number });
    return {
      ...row,
      verdict: 'cant-tell',
      reason: `significant alone (p = ${row.pValue.toPrecision(2)}), not with ${m} benchmarks tested at once (Holm asks ≤ ${(alpha / (m - k)).toPrecision(2)}); to decide: ${MORE_PAIRS}`,
    };
  });
}

/** One pair's estimates of each named benchmark on each side (null where that process has none): what a pair measured again replaced. */
export function pairEstimates(
  pair: AbPair,
  names: readonly string[],
  metric: CompareMetric = 'time',
  keyOf: AbKey = groupedName,
): { a: Record<string, number | null>; b: Record<string, number | null> } {
  const side = (s: 'a' | 'b'): Record<string, number | null> => Object.fromEntries(names.map((name) => [name, estimateIn(pair, s, name, metric, keyOf)]));
  return { a: side('a'), b: side('b') };
}

/** How an A/B's rows were judged, in one clause for the reports' headings (no trailing period). */
export function abMethodText(analysis: AbAnalysis): string {
  const pairs = `${analysis.pairs} pair${analysis.pairs === 1 ? '' : 's'} of fresh processes in ABBA order`;
  const level = +(analysis.confidence * 100).toFixed(1);
  const band = `±${formatThresholdPercent(analysis.noise)}`;
  if (analysis.metric !== 'instructions') return `${pairs}; Wilcoxon signed-rank on the paired ratios, p < ${analysis.alpha}; a change is called when its ${level}% CI lies beyond ${band}`;
  return `${pairs}; instructions per op, counted where each side's counts repeat within ${formatThresholdPercent(COUNT_REPEAT_TOLERANCE)} (the interval is then the whole range of the pairs, with no p-value), else Wilcoxon signed-rank on the paired ratios, p < ${analysis.alpha}; a change is called when its ${level}% CI (or counted range) lies beyond ${band}`;
}

/** The paired analysis of every benchmark both sides declare (matched by `keyOf`). */
export function analyseAb(pairs: readonly AbPair[], noise: number, metric: CompareMetric = 'time', keyOf: AbKey = groupedName): AbAnalysis {
  const inA = keysOf(pairs, 'a', keyOf);
  const inB = new Set(keysOf(pairs, 'b', keyOf));
  const rows = inA.filter((k) => inB.has(k)).map((k) => analyseRow(k, pairs, noise, metric, keyOf));
  // Only the rows the signed-rank test judged are tested at once (counted rows have no p-value).
  const tested = rows.filter((r) => r.judgedBy === 'signed-rank').length;
  return {
    ...(metric === 'time' ? {} : { metric }),
    alpha: COMPARE_ALPHA,
    confidence: COMPARE_CONFIDENCE,
    noise,
    pairs: pairs.length,
    rows: holmStepDown(
      rows.map((r) => pairsWarning(r, tested)),
      COMPARE_ALPHA,
    ),
    onlyInA: inA.filter((k) => !inB.has(k)),
    onlyInB: [...inB].filter((k) => !inA.includes(k)),
  };
}

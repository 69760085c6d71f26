/**
 * Which physical range each probe figure is checked against (plausible-ranges.ts), and which figures
 * it is derived from: a figure whose base was withheld is withheld too (a speed-up over a withheld
 * one-lane latency means nothing). Keyed by experiment id, series name and finding name.
 */
import type { ProbeFinding, ProbePoint } from './probe-types.js';
import {
  ANY_LOAD_LATENCY,
  CACHE_LEVEL_SIZE,
  CORE_BANDWIDTH,
  DRAM_LOAD_LATENCY,
  ELEMENT_TIME,
  L1_LATENCY,
  L1_SIZE,
  L2_LATENCY,
  L2_SIZE,
  L3_LATENCY,
  L3_SIZE,
  LINE_SIZE,
  LOOP_RATIO,
  MISPREDICTION_COST,
  MLP_SPEEDUP,
  type PlausibleRange,
  SPEEDUP_PER_LANE_SLACK,
  TWO_LOADS_LATENCY,
} from './plausible-ranges.js';

/** A figure another is derived from: a series' point at `x`, or every point of the series when x is absent. */
export interface FigureSource {
  series: string;
  x?: number | string;
}

/** A range with the check's figure: the point's y unless `value` says otherwise, within `high` when narrower. */
export interface PointRule {
  range: (p: ProbePoint) => PlausibleRange;
  /** The physical quantity to check, when y is not it (the strided copy's span bandwidth). */
  value?: (p: ProbePoint) => number;
  from?: (p: ProbePoint) => FigureSource[];
}

export interface FindingRule {
  /** Absent for a figure that is only derived (the lane count at saturation): its sources are checked. */
  range?: PlausibleRange;
  /** The range of the finding's `plateauNs` (a cache level's latency), when it has one. */
  plateau?: PlausibleRange;
  from: FigureSource[];
}

export interface ExperimentRules {
  series: Record<string, PointRule>;
  finding(f: ProbeFinding): FindingRule | null;
}

const fixed =
  (range: PlausibleRange): PointRule['range'] =>
  () =>
    range;
const byName =
  (rules: Record<string, FindingRule>): ExperimentRules['finding'] =>
  (f) =>
    rules[f.name] ?? null;

/** Speed-up at k lanes: at most k (k chains keep at most k loads in flight), and within {@link MLP_SPEEDUP}. */
function speedupRange(p: ProbePoint): PlausibleRange {
  const lanes = typeof p.x === 'number' ? p.x : Number.POSITIVE_INFINITY;
  const high = Math.min(MLP_SPEEDUP.high, lanes * SPEEDUP_PER_LANE_SLACK);
  return high === MLP_SPEEDUP.high ? MLP_SPEEDUP : { ...MLP_SPEEDUP, high, what: `that ${lanes} independent chains can give` };
}

/** The level's size and latency ranges from the OS's name of it (`L1d size`, `L2 size`, `L3 size`); any level's for a bare knee. */
function cacheLevelRule(f: ProbeFinding): FindingRule {
  const from = [{ series: 'pointer chase' }, { series: 'pointer chase, page-local' }];
  const level = /^L(\d)/.exec(f.name)?.[1];
  if (level === '1') return { range: L1_SIZE, plateau: L1_LATENCY, from };
  if (level === '2') return { range: L2_SIZE, plateau: L2_LATENCY, from };
  if (level !== undefined) return { range: L3_SIZE, plateau: L3_LATENCY, from };
  return { range: CACHE_LEVEL_SIZE, plateau: ANY_LOAD_LATENCY, from };
}

/** Bytes the strided copy pulled from memory per ns: one line per stride (at least one line), so span bandwidth × 64 / stride. */
const MIN_LINE_BYTES = 64;
function stridedTraffic(p: ProbePoint): number {
  const stride = typeof p.x === 'number' ? p.x : MIN_LINE_BYTES;
  return (p.y * MIN_LINE_BYTES) / Math.max(stride, MIN_LINE_BYTES);
}

const ONE_LANE = { series: 'ns per load', x: 1 };

export const PLAUSIBILITY_RULES: Record<string, ExperimentRules> = {
  'memory-parallelism': {
    series: {
      'ns per load': { range: (p) => (p.x === 1 ? DRAM_LOAD_LATENCY : ANY_LOAD_LATENCY) },
      'speed-up': { range: speedupRange, from: (p) => [ONE_LANE, { series: 'ns per load', x: p.x }] },
    },
    finding: byName({
      // The one-lane point itself, checked against the same range: its own reason says more than "derived from".
      'memory latency': { range: DRAM_LOAD_LATENCY, from: [] },
      'best speed-up': { range: MLP_SPEEDUP, from: [{ series: 'ns per load' }, { series: 'speed-up' }] },
      saturation: { from: [{ series: 'ns per load' }, { series: 'speed-up' }] },
    }),
  },
  'cache-size': {
    series: { 'pointer chase': { range: fixed(ANY_LOAD_LATENCY) }, 'pointer chase, page-local': { range: fixed(ANY_LOAD_LATENCY) } },
    finding: cacheLevelRule,
  },
  'cache-line': {
    series: { 'strided copy': { range: fixed(CORE_BANDWIDTH), value: stridedTraffic }, 'line pair chase': { range: fixed(TWO_LOADS_LATENCY) } },
    finding: byName({
      'line size': { range: LINE_SIZE, from: [{ series: 'line pair chase' }] },
      'line size (strided copy)': { range: LINE_SIZE, from: [{ series: 'strided copy' }] },
    }),
  },
  bandwidth: {
    series: { 'sequential read': { range: fixed(CORE_BANDWIDTH) } },
    finding: byName({
      'bandwidth (median pass)': { range: CORE_BANDWIDTH, from: [{ series: 'sequential read' }] },
      'bandwidth (best pass)': { range: CORE_BANDWIDTH, from: [{ series: 'sequential read' }] },
    }),
  },
  'branch-prediction': {
    series: { 'copy odd': { range: fixed(ELEMENT_TIME) } },
    finding: byName({
      'slowdown on random data': { range: LOOP_RATIO, from: [{ series: 'copy odd' }] },
      'cost per misprediction': { range: MISPREDICTION_COST, from: [{ series: 'copy odd' }] },
      'branchless ÷ predictable': { range: LOOP_RATIO, from: [{ series: 'copy odd' }] },
    }),
  },
  'data-dependency': {
    series: { 'one pass': { range: fixed(ELEMENT_TIME) } },
    finding: byName({ 'prefix sum ÷ differences': { range: LOOP_RATIO, from: [{ series: 'one pass' }] } }),
  },
};

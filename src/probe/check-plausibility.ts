/**
 * Withholds every probe figure outside its physical range (plausible-ranges.ts, applied by
 * plausibility-rules.ts): a point leaves its series, a finding's value becomes null with the reason,
 * and the experiment's `withheld` list keeps each rejected value with its range, so nothing is lost.
 * A figure derived from a withheld one is withheld too. Pure; applying it twice changes nothing.
 */
import type { PlausibleRange } from './plausible-ranges.js';
import { type FigureSource, PLAUSIBILITY_RULES } from './plausibility-rules.js';
import type { ProbeDocument, ProbeExperimentResult, ProbeFinding, ProbePoint, ProbeSeries, WithheldFigure } from './probe-types.js';
import { formatProbeValue } from './probe-value-text.js';

/** A figure's power-of-two check tolerates this relative error (sizes are whole numbers of bytes). */
const POWER_OF_TWO_TOLERANCE = 1e-9;

function isPowerOfTwo(value: number): boolean {
  const exponent = Math.log2(value);
  return Number.isFinite(exponent) && Math.abs(exponent - Math.round(exponent)) < POWER_OF_TWO_TOLERANCE;
}

/** A range's bound as written in its constant (`400 ns`, `64×`, `256 B`), not rounded to significant digits. */
function boundText(bound: number, range: PlausibleRange): string {
  if (range.unit === 'ns') return `${bound.toLocaleString('en-US')} ns`;
  if (range.unit === 'ratio') return `${bound.toLocaleString('en-US')}×`;
  if (range.unit === 'GB/s') return `${bound.toLocaleString('en-US')} GB/s`;
  return formatProbeValue(bound, range.unit);
}

/** Why `value` is outside `range`, or null when it is inside. */
export function implausibility(value: number, range: PlausibleRange): string | null {
  const text = (v: number): string => formatProbeValue(v, range.unit);
  if (!Number.isFinite(value)) return `${String(value)} is not a measurement`;
  if (value > range.high) return `${text(value)} is above the ${boundText(range.high, range)} ${range.what}; ${range.aboveHint}`;
  if (value < range.low) return `${text(value)} is below the ${boundText(range.low, range)} ${range.what}; ${range.belowHint}`;
  if (range.powerOfTwo === true && !isPowerOfTwo(value)) return `${text(value)} is not a power of two, as ${range.what}; ${range.belowHint}`;
  return null;
}

function withheldFrom(sources: readonly FigureSource[], withheld: readonly WithheldFigure[]): WithheldFigure | undefined {
  return withheld.find((w) => w.series !== null && sources.some((s) => s.series === w.series && (s.x === undefined || s.x === w.x)));
}

/** The base's own reason stands on its own row and in `withheld`; this one names the base. */
function derivedReason(base: WithheldFigure): string {
  return `derived from ${base.figure}, which was withheld`;
}

function pointFigure(s: ProbeSeries, p: ProbePoint): string {
  return `${s.name} at ${formatProbeValue(p.x, s.xUnit)}`;
}

/** The experiment with its implausible figures withheld; one without rules (another version's) is returned as it is. */
export function withholdImplausible(e: ProbeExperimentResult): ProbeExperimentResult {
  const rules = PLAUSIBILITY_RULES[e.id];
  if (rules === undefined) return e;
  const withheld: WithheldFigure[] = [...(e.withheld ?? [])];
  const series = e.series.map((s) => {
    const rule = rules.series[s.name];
    if (rule === undefined) return s;
    const points = s.points.filter((p) => {
      const range = rule.range(p);
      const base = rule.from === undefined ? undefined : withheldFrom(rule.from(p), withheld);
      const reason = base !== undefined ? derivedReason(base) : implausibility((rule.value ?? ((q) => q.y))(p), range);
      if (reason === null) return true;
      withheld.push({ figure: pointFigure(s, p), series: s.name, x: p.x, value: p.y, unit: s.yUnit, ...rangeFields(base === undefined ? range : null), reason });
      return false;
    });
    return points.length === s.points.length ? s : { ...s, points };
  });
  const findings = e.findings.map((f): ProbeFinding => {
    const rule = rules.finding(f);
    if (rule === null || f.value === null) return f;
    const base = withheldFrom(rule.from, withheld);
    const checks: [number | undefined, PlausibleRange | undefined][] = [
      [f.value, rule.range],
      [f.plateauNs, rule.plateau],
    ];
    let range: PlausibleRange | null = null;
    let reason: string | null = base === undefined ? null : derivedReason(base);
    for (const [value, r] of checks) {
      if (reason !== null || value === undefined || r === undefined) continue;
      const why = implausibility(value, r);
      if (why === null) continue;
      range = r;
      reason = r === rule.plateau ? `its plateau: ${why}` : why;
    }
    if (reason === null) return f;
    withheld.push({ figure: f.name, series: null, x: null, value: f.value, unit: f.unit, ...rangeFields(range), reason });
    return { ...f, value: null, agrees: null, withheld: reason };
  });
  if (withheld.length === (e.withheld ?? []).length) return e;
  return { ...e, series, findings, withheld };
}

function rangeFields(range: PlausibleRange | null): Pick<WithheldFigure, 'range' | 'low' | 'high'> {
  return range === null ? { range: null, low: null, high: null } : { range: range.name, low: range.low, high: range.high };
}

/** The document with every experiment checked. */
export function withholdImplausibleFigures(doc: ProbeDocument): ProbeDocument {
  return { ...doc, experiments: doc.experiments.map(withholdImplausible) };
}

/**
 * A swept benchmark in the HTML report: its estimates against the size on log-log axes with CI
 * whiskers, the fitted growth law with its steps drawn through them, cliffs shaded, and the same sentences the
 * terminal prints under the group.
 */
import type { ComplexityGroup, ComplexityReport } from '../results/complexity-types.js';
import { predict } from '../stats/complexity-fit.js';
import { cliffLines, complexityLine, modelText, sweepName, sweepsAmong } from '../report/complexity-text.js';
import type { GroupSection } from '../report/result-sections.js';
import type { ChartRegistry } from './chart-registry.js';
import type { ComplexitySpec } from './chart-spec.js';
import { html } from './escape-html.js';

/** Points of the fitted curve, spaced evenly on the log axis: enough for a smooth line at chart width. */
const CURVE_POINTS = 48;

/** ` with 2 cliffs` after the law's name when the fit has steps; '' without. */
function cliffCount(group: ComplexityGroup): string {
  const steps = group.best.steps?.length ?? 0;
  return steps === 0 ? '' : ` with ${steps} ${steps === 1 ? 'cliff' : 'cliffs'}`;
}

/** The chart's data for one sweep: the fitted curve steps up at each cliff. */
export function complexitySpec(group: ComplexityGroup): ComplexitySpec {
  const first = group.points[0]!.n;
  const last = group.points[group.points.length - 1]!.n;
  const fits = group.status === 'clear' || group.status === 'cannot-tell';
  const curve = fits
    ? Array.from({ length: CURVE_POINTS }, (_, i) => {
        const x = first * (last / first) ** (i / (CURVE_POINTS - 1));
        return { x, y: predict(group.best, x) };
      })
    : null;
  return {
    kind: 'complexity',
    xLabel: group.param,
    points: group.points.map((p) => ({ x: p.n, y: p.nsPerOp, yMin: p.ciLower, yMax: p.ciUpper })),
    curve,
    curveLabel: fits ? `fit: ${modelText(group.best.model)}${cliffCount(group)}` : 'no fit',
    cliffs: group.cliffs.map((c) => ({ from: c.fromN, to: c.toN })),
  };
}

/** The sweeps of a group section, each with its chart and sentences; '' when it has none. */
export function complexitySection(section: GroupSection, complexity: ComplexityReport | undefined, charts: ChartRegistry): string {
  const parts = sweepsAmong(section.benchmarks, complexity).map((g) => {
    const lines = [complexityLine(g, complexity?.caches ?? null), ...cliffLines(g, complexity?.caches ?? null)].map((l) => `<li>${html(l)}</li>`).join('');
    const chart = charts.canvas(complexitySpec(g), `${sweepName(g)}: time per operation with 95% CI whiskers against ${g.param} (log-log), the fitted growth law as a line, cliffs shaded`, 'wide');
    return `<div class="complexity"><ul class="complexity">${lines}</ul><div class="charts">${chart}</div></div>`;
  });
  return parts.join('');
}

/**
 * The words for a swept benchmark's complexity fit and cliffs, shared by the terminal report and
 * the HTML report:
 * `sort over n: O(n log n), 1.23 ns·n log n + 40 ns, rms 4% (O(n) rms 19%: clear)` and
 * `array sum over n: cost per element ×3.1 between 256 KiB and 2 MiB: the working set left L2 (1 MiB on this machine), per the OS`.
 */
import type { ComplexityChange } from '../analysis/complexity-changes.js';
import {
  LAST_LEVEL_CACHE,
  type CacheFacts,
  type CacheLevelSize,
  type ComplexityCliff,
  type ComplexityGroup,
  type ComplexityModel,
  type ComplexityModelFit,
  type ComplexityReport,
} from '../results/complexity-types.js';
import { formatBytes, formatDuration, formatPercent, formatSignificant } from '../results/text/format-units.js';

const MODEL_DISPLAY: Record<ComplexityModel, string> = {
  'O(1)': 'O(1)',
  'O(log n)': 'O(log n)',
  'O(n)': 'O(n)',
  'O(n log n)': 'O(n log n)',
  'O(n^2)': 'O(n²)',
  'O(n^3)': 'O(n³)',
};

const TERM_DISPLAY: Record<ComplexityModel, string> = {
  'O(1)': '',
  'O(log n)': 'log n',
  'O(n)': 'n',
  'O(n log n)': 'n log n',
  'O(n^2)': 'n²',
  'O(n^3)': 'n³',
};

/**
 * The fixed cost is shown beside the term only when it is at least this share of the fitted time at
 * the smallest size: below it, it changes no figure a reader would use.
 */
const SHOWN_CONSTANT_SHARE = 0.05;

/** A cliff line says what the fitted law expects of the step when that is more than 10% from "no change": else the jump speaks for itself. */
const SHOWN_EXPECTATION = 0.1;

/** `O(n²)`: the model as people write it. */
export function modelText(model: ComplexityModel): string {
  return MODEL_DISPLAY[model];
}

/** `1.23 ns·n log n + 40 ns`, or `38.2 ns` for O(1). */
export function formulaText(fit: ComplexityModelFit, smallestNs: number): string {
  if (fit.model === 'O(1)') return formatDuration(fit.constantNs);
  const term = `${formatDuration(fit.coefficientNs)}·${TERM_DISPLAY[fit.model]}`;
  return fit.constantNs >= SHOWN_CONSTANT_SHARE * smallestNs ? `${term} + ${formatDuration(fit.constantNs)}` : term;
}

/** `sort over n` (with the fixed parameters: `sort(kind=a) over n`). */
export function sweepName(group: Pick<ComplexityGroup, 'baseName' | 'fixed' | 'param'>): string {
  const fixed = Object.entries(group.fixed);
  const name = fixed.length === 0 ? group.baseName : `${group.baseName}(${fixed.map(([k, v]) => `${k}=${String(v)}`).join(', ')})`;
  return `${name} over ${group.param}`;
}

/** `sort over n: O(n log n) → O(n²) (rms 0.9% → 1.1%)`, with the runtime when the runs measured several. */
export function complexityChangeText(change: ComplexityChange): string {
  const runtime = change.runtime === null ? '' : ` [${change.runtime}]`;
  return `${sweepName(change)}${runtime}: ${modelText(change.base.model)} → ${modelText(change.new.model)} (rms ${formatPercent(change.base.rms)} → ${formatPercent(change.new.rms)}; each clear in its run)`;
}

/** How the chosen model stands against the others, in parentheses after the fit. */
function verdictText(group: ComplexityGroup): string {
  if (group.status === 'cannot-tell') return `cannot tell from ${group.indistinct.map(modelText).join(', ')}: within ${formatPercent(group.tolerance)} rms`;
  return group.runnerUp === null ? 'no growth law carries weight: clear' : `${modelText(group.runnerUp.model)} rms ${formatPercent(group.runnerUp.rms)}: clear`;
}

/** The sweeps whose points are among these benchmarks (a group's section), in the report's order. */
export function sweepsAmong(benchmarks: readonly { id: string }[], complexity: ComplexityReport | undefined): ComplexityGroup[] {
  if (complexity === undefined) return [];
  const ids = new Set(benchmarks.map((b) => b.id));
  return complexity.groups.filter((g) => g.points[0] !== undefined && ids.has(g.points[0].id));
}

/** The one-line summary of a sweep's fit, its cliffs at the end (`; cliff ×1.4 at 1,024→4,096 (L1d→L2)`). */
export function complexityLine(group: ComplexityGroup, caches: CacheFacts | null = null): string {
  const name = sweepName(group);
  if (group.status === 'too-noisy') return `${name}: too noisy to fit a growth law (the points' 95% CIs are ±${formatPercent(group.noise)}, as the fit weighs them)`;
  if (group.status === 'poor-fit') {
    const why = group.cliffs.length > 0 ? ': the cost per element jumps at the cliff below' : '';
    return `${name}: no single growth law fits (the closest, ${modelText(group.best.model)}, misses by ${formatPercent(group.best.rms)} rms)${why}`;
  }
  const smallest = group.points[0]?.nsPerOp ?? 0;
  const cliffs = group.cliffs.length === 0 ? '' : `; ${group.cliffs.length === 1 ? 'cliff' : 'cliffs'} ${group.cliffs.map((c) => cliffSummary(c, caches)).join(', ')}`;
  return `${name}: ${modelText(group.best.model)}, ${formulaText(group.best, smallest)}, rms ${formatPercent(group.best.rms)} (${verdictText(group)})${cliffs}`;
}

/** The jump a cliff adds to the law: the fitted step, or (files without steps) the ratio over what the law expects. */
function cliffJump(cliff: ComplexityCliff): number {
  return cliff.jump ?? cliff.ratio / cliff.expected;
}

/** The levels a cliff's working set went from and to: `L1d→L2`, or `left L2` when no larger level is known; '' when none was crossed. */
function levelStepText(cliff: ComplexityCliff, caches: CacheFacts | null): string {
  if (cliff.crossed.length === 0 || cliff.toBytes === null) return '';
  const into = caches?.levels.find((l) => l.sizeBytes > cliff.toBytes! && !cliff.crossed.includes(l));
  const left = cliff.crossed.map((l) => l.name).join('/');
  return into === undefined ? ` (left ${left})` : ` (${left}→${into.name})`;
}

/** `×1.4 at 4,096→16,384 (L1d→L2)`: a cliff in the fit's line. */
export function cliffSummary(cliff: ComplexityCliff, caches: CacheFacts | null): string {
  return `×${formatSignificant(cliffJump(cliff), 2)} at ${cliff.fromN.toLocaleString('en-US')}→${cliff.toN.toLocaleString('en-US')}${levelStepText(cliff, caches)}`;
}

function sizeText(group: ComplexityGroup, n: number, bytes: number | null): string {
  return bytes === null ? `${group.param}=${n}` : formatBytes(bytes);
}

function levelText(l: CacheLevelSize): string {
  if (l.name === LAST_LEVEL_CACHE) return `the last-level cache (the probe's climb to main memory, ${formatBytes(l.sizeBytes)} to ${formatBytes(l.climbEndBytes ?? l.sizeBytes)} on this machine)`;
  const climb = l.climbEndBytes === null ? '' : `, left by ${formatBytes(l.climbEndBytes)}`;
  return `${l.name} (${formatBytes(l.sizeBytes)} on this machine${l.ranked ? `, the probe's knee ${l.name.slice(1)}` : ''}${climb})`;
}

/**
 * `: the working set left L2 (1 MiB on this machine), per the OS`; past the largest level known, or
 * between two known levels, says so and names the nearest; '' when nothing is known.
 */
function crossedText(cliff: ComplexityCliff, caches: CacheFacts | null): string {
  const from = cliff.fromBytes;
  if (caches === null || from === null) return '';
  const source = caches.source === 'probe' ? `the probe ${caches.origin}` : 'the OS';
  if (cliff.crossed.length > 0) {
    // A step that ends inside a probe level's climb has not left the level yet: it is on its way out.
    const leaving = cliff.crossed.every((l) => l.climbEndBytes !== null && cliff.toBytes! < l.climbEndBytes);
    return `: the working set ${leaving ? 'is leaving' : 'left'} ${cliff.crossed.map(levelText).join(' and ')}, per ${source}`;
  }
  const largest = caches.levels[caches.levels.length - 1];
  if (largest === undefined) return '';
  if (largest.name === LAST_LEVEL_CACHE && from >= largest.climbEndBytes!) {
    return `: both working sets are past ${levelText(largest)}, per ${source}: in main memory there, so the edge is the share of a shared last-level cache this run had (it moves with what other cores do), or a TLB's reach`;
  }
  // Past it: beyond a known size, or at or beyond the top of a probe knee's climb.
  if (largest.climbEndBytes === null ? from > largest.sizeBytes : from >= largest.climbEndBytes)
    return `: the working set is past every cache level ${source} knows (the largest, ${levelText(largest)}): a level it did not resolve, or main memory`;
  const below = caches.levels.filter((l) => l.sizeBytes < from).at(-1);
  const above = caches.levels.find((l) => l.sizeBytes > cliff.toBytes!)!;
  const nearest = [below === undefined ? null : `${levelText(below)} below`, `${levelText(above)} above`].filter((t) => t !== null).join(', ');
  return `: no cache level ${source} knows lies between them (${nearest}): a TLB's reach, or a shared cache's share, may be the edge`;
}

/** One line per cliff of the sweep. */
export function cliffLines(group: ComplexityGroup, caches: CacheFacts | null): string[] {
  return group.cliffs.map((cliff) => {
    const between = `${sizeText(group, cliff.fromN, cliff.fromBytes)} and ${sizeText(group, cliff.toN, cliff.toBytes)}`;
    if (cliff.jump !== undefined)
      return `${sweepName(group)}: cost ×${formatSignificant(cliff.jump, 2)} beyond the fitted ${modelText(group.best.model)} between ${between}${crossedText(cliff, caches)}`;
    const expected = Math.abs(cliff.expected - 1) > SHOWN_EXPECTATION ? ` (the fitted ${modelText(group.best.model)} expects ×${formatSignificant(cliff.expected, 2)})` : '';
    return `${sweepName(group)}: cost per element ×${formatSignificant(cliff.ratio, 2)} between ${between}${expected}${crossedText(cliff, caches)}`;
  });
}

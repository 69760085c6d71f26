/**
 * `ubench bisect` in the terminal: the ends and the settings, the headline, the first slower commit
 * (subject, author date, files changed, its change against the good end with the interval), every
 * step's verdict in a table, the commits set aside with why, and what is left to decide.
 */
import pc from 'picocolors';
import { shortCommit, type BisectSummary, type SummaryStep } from '../analysis/bisect/bisect-summary.js';
import type { StepResult } from '../analysis/bisect/bisect-search.js';
import { formatSignedPercent, formatThresholdPercent } from '../results/text/format-units.js';
import { visibleText } from '../results/text/visible-text.js';
import { renderTable } from './text-table.js';

const short = shortCommit;

/** `+20.1% [+18.7%, +21.6%]`, or `—` for a step without numbers. */
export function stepChangeText(result: StepResult): string {
  if (result.change === undefined || result.change === null) return '—';
  const bound = (v: number | null | undefined): string => (v === undefined || v === null ? '?' : formatSignedPercent(v));
  return `${formatSignedPercent(result.change)} [${bound(result.ciLower)}, ${bound(result.ciUpper)}]`;
}

/** The verdict as the reports word it, in the direction sought (`not faster` with --faster). */
export function verdictWord(result: StepResult, direction: string): string {
  if (result.verdict === 'slower') return direction;
  if (result.verdict === 'not-slower') return `not ${direction}`;
  return result.verdict;
}

/** One line per step as it finishes (stderr), and in the report. */
export function stepLine(s: SummaryStep, direction: string): string {
  const kept = s.resumed ? ' (kept from an earlier run)' : '';
  const took = s.result.ms === undefined || s.resumed ? '' : `, ${Math.round(s.result.ms / 1000)} s`;
  return `step ${s.step}: ${short(s.commit.commit)} ${s.commit.subject} — ${verdictWord(s.result, direction)}: ${s.result.reason}${took}${kept}`;
}

/** Minutes and seconds of a duration in ms. */
export function wallText(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** The last good commit's own change against the good end (` (+0.3% [−1.1%, +1.6%] against the good end)`), or '' for the good end itself. */
export function lastGoodChange(s: BisectSummary): string {
  const step = s.steps.find((x) => x.commit.commit === s.lastGood?.commit);
  return step === undefined ? '' : ` (${stepChangeText(step.result)} against the good end)`;
}

export function renderBisectReport(summary: BisectSummary, options: { color: boolean; width?: number }): string {
  const c = pc.createColors(options.color);
  const s = summary;
  const lines: string[] = [];
  lines.push(
    c.bold(`bisect good = ${s.good.name} (${short(s.good.commit)}), bad = ${s.bad.name} (${short(s.bad.commit)})`),
    `${s.commits} commits after good, first parents; a step is ${s.direction} when a benchmark's whole 95% CI against the good end lies beyond ${formatThresholdPercent(s.threshold)} (${s.metric}, ${s.pairs} pairs a step)`,
    '',
    (s.outcome === 'found' ? c.red : s.outcome === 'nothing' ? c.green : c.yellow)(c.bold(s.headline)),
  );
  if (s.firstBad !== null) {
    lines.push(
      `  commit      ${s.firstBad.commit}`,
      `  author date ${s.firstBad.authorDate}`,
      `  files       ${s.firstBad.files.length === 0 ? '(none)' : s.firstBad.files.join(', ')}`,
      `  change      ${stepChangeText(s.firstBad.result)} against the good end${s.firstBad.result.benchmark ? ` (${s.firstBad.result.benchmark}, ${s.firstBad.result.metric ?? s.metric})` : ''}`,
    );
    if (s.lastGood !== null) lines.push(`  last good   ${short(s.lastGood.commit)} ${s.lastGood.subject}${lastGoodChange(s)}`);
  }
  if (s.open !== null) lines.push(`  still open: ${s.open.commits} commit${s.open.commits === 1 ? '' : 's'} after ${short(s.open.from.commit)} up to ${short(s.open.to.commit)}`);
  if (s.decide !== null) lines.push(`  to decide: ${s.decide}`);
  lines.push('', c.bold('steps'));
  const rows = s.steps.map((step) => [
    { text: String(step.step) },
    { text: short(step.commit.commit) },
    { text: `${step.position}/${s.commits}` },
    { text: verdictWord(step.result, s.direction) + (step.resumed ? ' (kept)' : ''), paint: step.result.verdict === 'slower' ? c.red : step.result.verdict === 'not-slower' ? c.green : c.yellow },
    { text: stepChangeText(step.result) },
    { text: step.commit.subject },
  ]);
  lines.push(
    ...renderTable(
      [[{ text: '#' }, { text: 'commit' }, { text: 'at' }, { text: 'verdict' }, { text: 'change [95% CI]' }, { text: 'subject' }], ...rows],
      [{ align: 'right' }, { align: 'left' }, { align: 'right' }, { align: 'left' }, { align: 'right' }, { align: 'left', shrinkable: true, minWidth: 12 }],
      { indent: '  ', ...(options.width === undefined ? {} : { maxWidth: options.width }) },
    ),
  );
  if (s.setAside.length > 0) {
    lines.push('', c.bold(`set aside (${s.setAside.length}): skipped or undecided, as git bisect skip`));
    for (const step of s.setAside) lines.push(`  ${short(step.commit.commit)} ${step.commit.subject} — ${step.result.verdict}: ${step.result.reason}`);
  }
  for (const note of s.notes) lines.push(c.dim(`note: ${note}`));
  lines.push(c.dim(`took ${wallText(s.ms)} for ${s.steps.filter((x) => !x.resumed).length} step(s) measured`));
  return `${lines.map(visibleText).join('\n')}\n`;
}

/**
 * `--explain` in the HTML report: per change called, its CI and ns/op on both sides, whether the
 * code does more work, then one table of the causes, most of the change first — each with its share
 * of the change as a bar, its term in ns/op and its hot lines. With profiles on both sides the table
 * closes with what the named causes leave (the other listed functions' terms, and the part outside
 * the two top lists), so its terms add up to the change. When no evidence differs, the sentence that
 * says so stands in for the table.
 */
import { workText } from '../analysis/explain/evidence-facts.js';
import type { ExplainCause, Explanation } from '../results/types.js';
import { formatDuration, formatSignedPercent } from '../results/text/format-units.js';
import { html } from './escape-html.js';
import { largestShare, shareCell } from './share-bar.js';

/** What each kind of cause is, in words. */
const KIND_TEXT: Record<ExplainCause['kind'], string> = {
  function: 'function',
  deopt: 'new deopt',
  tier: 'JIT tier',
  allocation: 'allocation',
  'code-size': 'code size',
};

/** `+8.70 ns`, `-1.20 µs`; empty for a term the evidence could not size. */
const signedNs = (ns: number | null): string => (ns === null || !Number.isFinite(ns) ? '' : `${ns >= 0 ? '+' : '-'}${formatDuration(Math.abs(ns))}`);

/** One row of the table: a cause, or a remainder of the decomposition (no kind, no details). */
export interface ExplainRow {
  percent: number | null;
  deltaNs: number | null;
  kind: string;
  text: string;
  location: string | null;
  details: readonly string[];
  className: string;
}

function causeRow(cause: ExplainCause): ExplainRow {
  return {
    percent: cause.share === null ? null : cause.share * 100,
    deltaNs: cause.deltaNs,
    kind: KIND_TEXT[cause.kind] ?? cause.kind,
    text: cause.text,
    location: cause.location,
    details: cause.details,
    className: cause.share === null ? 'unsized' : 'cause',
  };
}

/**
 * The rows that complete the decomposition: the listed functions' terms no cause names (`covered`
 * is every listed function's term over the change), the part outside the two top lists, and the
 * change itself. Only with profiles on both sides (`covered` not null) and a change of ns/op.
 */
function remainderRows(e: Explanation): ExplainRow[] {
  const changeNs = e.newNs - e.baseNs;
  if (e.covered === null || !Number.isFinite(changeNs) || changeNs === 0) return [];
  const named = e.causes.reduce((sum, c) => sum + (c.share === null || c.deltaNs === null ? 0 : c.deltaNs), 0);
  const row = (deltaNs: number, text: string, className: string): ExplainRow => ({ percent: (100 * deltaNs) / changeNs, deltaNs, kind: '', text, location: null, details: [], className });
  return [
    row(e.covered * changeNs - named, 'the other listed functions’ self time (each below the claim bar, or against the change)', 'rest'),
    row((1 - e.covered) * changeNs, 'outside the functions the two profiles list', 'rest'),
    row(changeNs, `the change of ns/op: ${formatDuration(e.baseNs)} → ${formatDuration(e.newNs)}`, 'total'),
  ];
}

function rowHtml(r: ExplainRow, largest: number): string {
  const where = r.location === null ? '' : ` <span class="mono muted">${html(r.location)}</span>`;
  const details = r.details.length === 0 ? '' : `<ul class="explain-details">${r.details.map((d) => `<li><code>${html(d)}</code></li>`).join('')}</ul>`;
  return `<tr class="${r.className}">${shareCell(r.percent, largest)}<td class="num">${html(signedNs(r.deltaNs))}</td><td class="muted kind">${html(r.kind)}</td><td>${html(r.text)}${where}${details}</td></tr>`;
}

/** The table's rows: the causes, most of the change first, then what completes the decomposition (the last row, the change itself). */
export function decomposition(e: Explanation): ExplainRow[] {
  return [...e.causes.map(causeRow), ...remainderRows(e)];
}

function causesTable(e: Explanation): string {
  const rows = decomposition(e);
  if (rows.length === 0) return '';
  const largest = largestShare(rows.map((r) => (r.percent === null ? null : Math.abs(r.percent))));
  return `<table class="explain-causes"><tr><th class="share">of the change</th><th class="num">per op</th><th>kind</th><th>cause (hot lines under it)</th></tr>${rows.map((r) => rowHtml(r, largest)).join('')}</table>`;
}

function explanationHtml(e: Explanation, index: number, anchorOf: (id: string) => string | undefined): string {
  const anchor = anchorOf(e.id);
  const name = anchor === undefined ? html(e.name) : `<a href="#${html(anchor)}">${html(e.name)}</a>`;
  const direction = e.change > 0 ? 'slower' : 'faster';
  const head = `<h3 id="x${index + 1}">${name} <span class="verdict-${direction}">${html(formatSignedPercent(e.change))}</span> <span class="muted">[${html(formatSignedPercent(e.ciLower))}, ${html(formatSignedPercent(e.ciUpper))}]</span></h3>`;
  const sides = `<p class="muted">${html(formatDuration(e.baseNs))} → ${html(formatDuration(e.newNs))} per op</p>`;
  const work = workText(e.work);
  // No cause claimed: the sentence saying so comes first; the table under it then holds only what the profiles leave unnamed.
  const note = e.note === null ? '' : `<p class="${e.causes.length === 0 ? 'explain-none' : 'note'}">${html(e.note)}</p>`;
  const parts = [head, sides, work === null ? '' : `<p class="explain-work">${html(work)}</p>`, ...(e.causes.length === 0 ? [note, causesTable(e)] : [causesTable(e), note])];
  return `<article class="explain${e.change > 0 ? ' regression' : ''}">${parts.join('')}</article>`;
}

/**
 * The section (`--explain` was asked: with no change called, it says there is nothing to explain).
 * `anchorOf` links a benchmark's name to its block on the same page (results page); pages without
 * such blocks give undefined.
 */
export function explainSection(explanations: readonly Explanation[], anchorOf: (id: string) => string | undefined = () => undefined): string {
  if (explanations.length === 0) return '<section id="explain"><h2>Why (--explain)</h2><p class="muted">No change was called, so there is nothing to explain.</p></section>';
  return `<section id="explain"><h2>Why (--explain)</h2>
<p class="muted">Each change called, explained from the evidence of both sides: a function’s term is its share of the op’s CPU samples times ns/op, new minus base, so the terms add up to the change; a cause is named when its term clears 3 standard errors of the sampled shares and a tenth of the change (docs/explain.md).</p>
${explanations.map((e, i) => explanationHtml(e, i, anchorOf)).join('\n')}</section>`;
}

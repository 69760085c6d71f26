/**
 * `ubench ab` as GitHub-flavoured Markdown (for `$GITHUB_STEP_SUMMARY` and pull-request
 * comments): one row per benchmark with A's and B's per-process medians, B's paired change with its
 * CI, the p-value and the verdict; then the warnings and benchmarks of one side only.
 */
import { visibleStrings } from '../results/text/visible-text.js';
import { abMethodText, type AbAnalysis } from '../analysis/ab-pairs.js';
import { judgedText } from '../analysis/counted-comparison.js';
import { isChange, verdictText } from '../analysis/compare-runs.js';
import { pText, signedPercent } from '../report/compare-report.js';
import { formatDuration, formatSignificant } from '../results/text/format-units.js';
import { escapeMarkdown } from './markdown-escape.js';
import { list, table } from './markdown-export.js';
import type { AbLabels } from './ab-document.js';

export function abMarkdown(analysis: AbAnalysis, labels: AbLabels): string {
  return abMarkdownVisible(visibleStrings(analysis), visibleStrings(labels));
}

function abMarkdownVisible(analysis: AbAnalysis, labels: AbLabels): string {
  const level = +(analysis.confidence * 100).toFixed(1);
  const lines = [`# ubench ab: A = ${escapeMarkdown(labels.a)}, B = ${escapeMarkdown(labels.b)}`, '', `${escapeMarkdown(abMethodText(analysis))}.`, ''];
  const rows = analysis.rows.map((r) => [
    escapeMarkdown(r.name),
    analysis.metric === 'instructions' ? formatSignificant(r.aNsPerOp, 6, 1) : formatDuration(r.aNsPerOp),
    analysis.metric === 'instructions' ? formatSignificant(r.bNsPerOp, 6, 1) : formatDuration(r.bNsPerOp),
    r.ciLower === null || r.ciUpper === null ? `${signedPercent(r.change)} [no CI]` : `${signedPercent(r.change)} [${signedPercent(r.ciLower)}, ${signedPercent(r.ciUpper)}]`,
    escapeMarkdown(pText(r.pValue)),
    isChange(r.verdict) ? `**${r.verdict}**` : verdictText(r.verdict),
    String(r.aEstimates.length),
  ]);
  if (rows.length === 0) lines.push('No benchmark was measured on both sides.', '');
  else
    lines.push(
      ...table(
        ['benchmark', 'A', 'B', `B vs A [${level}% CI${analysis.metric === 'instructions' ? ' or counted range' : ''}]`, 'p', 'verdict', 'pairs'],
        ['left', 'right', 'right', 'right', 'right', 'left', 'right'],
        rows,
      ),
      '',
    );
  lines.push(
    ...list(
      'Warnings',
      analysis.rows.flatMap((r) => (r.warning === null ? [] : [`${escapeMarkdown(r.name)}: ${escapeMarkdown(r.warning)}`])),
    ),
    ...list(
      'Judged by',
      analysis.rows.flatMap((r) => (r.countSpread === undefined ? [] : [`${escapeMarkdown(r.name)}: ${escapeMarkdown(judgedText(r.judgedBy, r.countSpread))}`])),
    ),
    ...list(`Only in A (${analysis.onlyInA.length})`, analysis.onlyInA.map(escapeMarkdown)),
    ...list(`Only in B (${analysis.onlyInB.length})`, analysis.onlyInB.map(escapeMarkdown)),
    ...list('Sides', (labels.notes ?? []).map(escapeMarkdown)),
  );
  return `${lines.join('\n').trimEnd()}\n`;
}

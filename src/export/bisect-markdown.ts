/** `ubench bisect --markdown`: the report as GitHub-flavoured Markdown (for a step summary or an issue). */
import { shortCommit, type BisectSummary } from '../analysis/bisect/bisect-summary.js';
import { formatThresholdPercent } from '../results/text/format-units.js';
import { visibleStrings } from '../results/text/visible-text.js';
import { lastGoodChange, stepChangeText, verdictWord, wallText } from '../report/bisect-report.js';
import { escapeMarkdown } from './markdown-escape.js';
import { list, table } from './markdown-export.js';

const short = shortCommit;

export function bisectMarkdown(summary: BisectSummary): string {
  const s = visibleStrings(summary);
  const lines = [
    `# ubench bisect: good = ${escapeMarkdown(s.good.name)} (\`${short(s.good.commit)}\`), bad = ${escapeMarkdown(s.bad.name)} (\`${short(s.bad.commit)}\`)`,
    '',
    `${s.commits} commits after good, first parents; a step is ${s.direction} when a benchmark's whole 95% CI against the good end lies beyond ${formatThresholdPercent(s.threshold)} (${s.metric}, ${s.pairs} pairs a step).`,
    '',
    `**${escapeMarkdown(s.headline)}**`,
    '',
  ];
  if (s.firstBad !== null) {
    lines.push(
      ...table(
        ['', ''],
        ['left', 'left'],
        [
          ['commit', `\`${s.firstBad.commit}\``],
          ['subject', escapeMarkdown(s.firstBad.subject)],
          ['author date', escapeMarkdown(s.firstBad.authorDate)],
          ['files changed', s.firstBad.files.map((f) => `\`${escapeMarkdown(f)}\``).join(', ') || '(none)'],
          ['change against the good end', `${stepChangeText(s.firstBad.result)}${s.firstBad.result.benchmark ? ` (${escapeMarkdown(s.firstBad.result.benchmark)})` : ''}`],
          ['last good', s.lastGood === null ? '' : `\`${short(s.lastGood.commit)}\` ${escapeMarkdown(s.lastGood.subject)}${lastGoodChange(s)}`],
        ],
      ),
      '',
    );
  }
  if (s.open !== null) lines.push(`Still open: ${s.open.commits} commits after \`${short(s.open.from.commit)}\` up to \`${short(s.open.to.commit)}\`.`, '');
  if (s.decide !== null) lines.push(`To decide: ${escapeMarkdown(s.decide)}`, '');
  lines.push(
    '## Steps',
    '',
    ...table(
      ['#', 'commit', 'at', 'verdict', 'change [95% CI]', 'subject', 'why'],
      ['right', 'left', 'right', 'left', 'right', 'left', 'left'],
      s.steps.map((step) => [
        String(step.step),
        `\`${short(step.commit.commit)}\``,
        `${step.position}/${s.commits}`,
        verdictWord(step.result, s.direction) + (step.resumed ? ' (kept)' : ''),
        stepChangeText(step.result),
        escapeMarkdown(step.commit.subject),
        escapeMarkdown(step.result.reason),
      ]),
    ),
    '',
    ...list(
      'Set aside (skipped or undecided)',
      s.setAside.map((step) => `\`${short(step.commit.commit)}\` ${escapeMarkdown(step.commit.subject)}: ${step.result.verdict}, ${escapeMarkdown(step.result.reason)}`),
    ),
    ...list('Notes', [...s.notes.map(escapeMarkdown), `took ${wallText(s.ms)}`]),
  );
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}

/** `--explain` as Markdown (a pull-request comment): per change called, the causes as a list, most first. */
import { explanationHead } from '../analysis/explain/explain-change.js';
import { workText } from '../analysis/explain/evidence-facts.js';
import type { Explanation } from '../results/types.js';
import { escapeMarkdown } from './markdown-escape.js';

export function explanationsMarkdown(explanations: readonly Explanation[]): string {
  if (explanations.length === 0) return '';
  const lines = ['', '## Why (`--explain`)', ''];
  for (const e of explanations) {
    lines.push(`**${escapeMarkdown(explanationHead(e))}**`, '');
    const work = workText(e.work);
    if (work !== null) lines.push(`- ${escapeMarkdown(work)}`);
    for (const cause of e.causes) {
      lines.push(`- ${cause.share === null ? '' : `${Math.round(cause.share * 100)}% of the change: `}${escapeMarkdown(cause.text)}`);
      for (const detail of cause.details) lines.push(`  - ${escapeMarkdown(detail)}`);
    }
    if (e.note !== null) lines.push(`- _${escapeMarkdown(e.note)}_`);
    lines.push('');
  }
  return lines.join('\n');
}

/**
 * The terminal's `--explain` section: for every change called, whether the code does more work,
 * then the causes, most of the change first, each with its share, and what is missing.
 */
import type pc from 'picocolors';
import { explanationHead } from '../analysis/explain/explain-change.js';
import { workText } from '../analysis/explain/evidence-facts.js';
import type { Explanation } from '../results/types.js';
import { visibleText } from '../results/text/visible-text.js';

type Colors = Pick<typeof pc, 'bold' | 'dim' | 'red' | 'green' | 'yellow'>;

const shareText = (share: number | null): string => (share === null ? '   ' : `${Math.round(share * 100)}%`.padStart(4));

export function renderExplanations(explanations: readonly Explanation[], c: Colors): string {
  if (explanations.length === 0) return '';
  const lines = ['', c.bold('why (--explain)')];
  for (const e of explanations) {
    lines.push(`  ${(e.change > 0 ? c.red : c.green)(visibleText(explanationHead(e)))}`);
    const work = workText(e.work);
    if (work !== null) lines.push(`    ${work}`);
    for (const cause of e.causes) {
      lines.push(`    ${shareText(cause.share)}  ${visibleText(cause.text)}`);
      for (const detail of cause.details) lines.push(`            ${c.dim(visibleText(detail))}`);
    }
    if (e.note !== null) lines.push(`    ${c.dim(e.note)}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The HTML page of `ubench bisect --html`: the headline, the first slower commit with its change,
 * every step's verdict, the commits set aside and, with `--explain`, why that commit is slower.
 */
import { shortCommit, type BisectSummary } from '../analysis/bisect/bisect-summary.js';
import { stepChangeText, verdictWord, wallText } from '../report/bisect-report.js';
import { formatThresholdPercent } from '../results/text/format-units.js';
import type { Explanation } from '../results/types.js';
import { ChartRegistry } from './chart-registry.js';
import { html } from './escape-html.js';
import { explainSection } from './explain-section.js';
import { renderPage } from './html-page.js';

const short = shortCommit;
const listOf = (title: string, items: readonly string[]): string => (items.length === 0 ? '' : `<p><strong>${html(title)}</strong></p><ul>${items.map((i) => `<li>${html(i)}</li>`).join('')}</ul>`);

export function renderBisectPage(s: BisectSummary, explanations: readonly Explanation[] | null): string {
  const title = `ubench bisect — good = ${s.good.name}, bad = ${s.bad.name}`;
  const method = `${s.commits} commits after good, first parents; a step is ${s.direction} when a benchmark's whole 95% CI against the good end lies beyond ${formatThresholdPercent(s.threshold)} (${s.metric}, ${s.pairs} pairs a step).`;
  const found =
    s.firstBad === null
      ? ''
      : `<table class="compare"><tr><th>commit</th><td><code>${html(s.firstBad.commit)}</code></td></tr><tr><th>subject</th><td>${html(s.firstBad.subject)}</td></tr><tr><th>author date</th><td>${html(s.firstBad.authorDate)}</td></tr><tr><th>files changed</th><td>${html(s.firstBad.files.join(', ') || '(none)')}</td></tr><tr><th>change against the good end</th><td class="num">${html(stepChangeText(s.firstBad.result))} ${html(s.firstBad.result.benchmark ?? '')}</td></tr></table>`;
  const rows = s.steps.map(
    (step) =>
      `<tr class="${step.result.verdict === 'slower' ? 'regression' : ''}"><td class="num">${step.step}</td><td><code>${html(short(step.commit.commit))}</code></td><td class="num">${step.position}/${s.commits}</td><td>${html(verdictWord(step.result, s.direction) + (step.resumed ? ' (kept)' : ''))}</td><td class="num">${html(stepChangeText(step.result))}</td><td>${html(step.commit.subject)}</td><td class="muted">${html(step.result.reason)}</td></tr>`,
  );
  const body = [
    `<header class="page"><h1>${html(title)}</h1><p class="muted">${html(method)}</p></header>`,
    '<main>',
    `<section id="bisect"><h2>${html(s.headline)}</h2>`,
    found,
    s.open === null ? '' : `<p>Still open: ${s.open.commits} commits after <code>${html(short(s.open.from.commit))}</code> up to <code>${html(short(s.open.to.commit))}</code>.</p>`,
    s.decide === null ? '' : `<p>To decide: ${html(s.decide)}</p>`,
    `<h2>Steps</h2><table class="compare"><tr><th class="num">#</th><th>commit</th><th class="num">at</th><th>verdict</th><th class="num">change [95% CI]</th><th>subject</th><th>why</th></tr>${rows.join('')}</table>`,
    listOf(
      'Set aside (skipped or undecided)',
      s.setAside.map((step) => `${short(step.commit.commit)} ${step.commit.subject}: ${step.result.verdict}, ${step.result.reason}`),
    ),
    listOf('Notes', [...s.notes, `took ${wallText(s.ms)}`]),
    '</section>',
    explanations === null ? '' : explainSection(explanations),
    '</main>',
  ];
  return renderPage(title, body.join('\n'), new ChartRegistry());
}

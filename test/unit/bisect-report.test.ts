/**
 * The bisect reports from one summary per outcome (found, nothing, a range left by an undecided
 * commit, an interrupted search): the JSON document matches schema/bisect.schema.json, and the
 * terminal, Markdown and HTML reports say the headline, the first slower commit, each step's verdict,
 * the commits set aside with their reasons and the range still open.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { BisectOutcome, BisectStep } from '../../src/analysis/bisect/bisect-search.js';
import { summarise, type BisectCommit } from '../../src/analysis/bisect/bisect-summary.js';
import { bisectDocument } from '../../src/export/bisect-document.js';
import { bisectMarkdown } from '../../src/export/bisect-markdown.js';
import { renderBisectPage } from '../../src/html/bisect-page.js';
import { renderBisectReport } from '../../src/report/bisect-report.js';

const validate = new Ajv2020({ strict: true, allErrors: true }).compile(JSON.parse(readFileSync(new URL('../../schema/bisect.schema.json', import.meta.url), 'utf8')) as object);

/** A commit name whose short form shows which: 1 → 1111111111…. */
const hash = (k: number): string => k.toString(16).repeat(40);
const range: BisectCommit[] = Array.from({ length: 8 }, (_, i) => ({ commit: hash(i + 2), subject: `commit ${i + 2}`, authorDate: '2026-01-01T00:00:00+00:00' }));
const slower = (index: number): BisectStep => ({
  index,
  resumed: false,
  result: { verdict: 'slower', reason: 'w +20%', change: 0.2, ciLower: 0.18, ciUpper: 0.22, benchmark: 'b.bench.ts#w', pairs: 6, metric: 'time', ms: 9000 },
});
const notSlower = (index: number): BisectStep => ({
  index,
  resumed: true,
  result: { verdict: 'not-slower', reason: 'every interval below 5%', change: 0.001, ciLower: -0.01, ciUpper: 0.01, pairs: 6, metric: 'time', ms: 9000 },
});
const aside = (index: number, verdict: 'skipped' | 'undecided', reason: string): BisectStep => ({ index, resumed: false, result: { verdict, reason } });

function summaryOf(outcome: BisectOutcome) {
  return summarise({
    good: { name: 'v1', commit: hash(1) },
    bad: { name: 'main', commit: hash(9) },
    range,
    outcome,
    firstBadFiles: outcome.kind === 'found' ? ['lib/work.ts'] : [],
    threshold: 0.05,
    direction: 'slower',
    metric: 'time',
    pairs: 6,
    notes: ['a note'],
    ms: 61_000,
    decide: outcome.kind === 'found' || outcome.kind === 'nothing' ? null : 'more --pairs',
  });
}

const outcomes: BisectOutcome[] = [
  { kind: 'found', index: 5, good: 4, steps: [slower(8), aside(4, 'skipped', 'does not load: SyntaxError'), notSlower(3), slower(5), notSlower(4)] },
  { kind: 'nothing', steps: [notSlower(8)] },
  { kind: 'range', good: 3, bad: 5, unresolved: [4], steps: [slower(8), aside(4, 'undecided', 'w +5% [+3%, +7%] reaches across 5%'), notSlower(3), slower(5)] },
  { kind: 'interrupted', good: 0, bad: 8, badConfirmed: true, steps: [slower(8)] },
];

describe('bisect reports', () => {
  for (const outcome of outcomes) {
    it(`${outcome.kind}: a valid JSON document and the same story in every format`, () => {
      const summary = summaryOf(outcome);
      const doc = bisectDocument(summary, outcome.kind !== 'interrupted');
      assert.ok(validate(doc), JSON.stringify(validate.errors));
      const text = renderBisectReport(summary, { color: false });
      const markdown = bisectMarkdown(summary);
      const page = renderBisectPage(summary, null);
      for (const out of [text, markdown]) assert.ok(out.includes(summary.headline.slice(0, 30)), out);
      assert.ok(page.includes('<h2>Steps</h2>'));
      for (const step of outcome.steps) assert.ok(text.includes(range[step.index - 1]!.commit.slice(0, 10)), `step ${step.index} in the report`);
      if (outcome.kind === 'found') {
        assert.match(summary.headline, new RegExp(`first commit slower by more than 5%: ${hash(6).slice(0, 10)} commit 6`));
        assert.match(text, /files {7}lib\/work\.ts/);
        assert.match(text, /change {6}\+20\.0% \[\+18\.0%, \+22\.0%\] against the good end/);
        assert.match(text, /set aside \(1\)[^\n]*\n {2}[0-9a-f]{10} commit 5 — skipped: does not load: SyntaxError/);
        assert.match(text, /not slower \(kept\)/);
        assert.match(markdown, /\| files changed \| `lib\/work\.ts` \|/);
      }
      if (outcome.kind === 'nothing') assert.match(summary.headline, /^nothing found: the bad end 9{10} is not slower by more than 5%/);
      if (outcome.kind === 'range') {
        assert.deepEqual(summary.open?.commits, 2);
        assert.match(text, /still open: 2 commits after 4{10} up to 6{10}/);
        assert.match(text, /to decide: more --pairs/);
      }
      if (outcome.kind === 'interrupted') assert.match(summary.headline, /^interrupted: 8 commits still open, after 1{10} up to 9{10}/);
    });
  }
});

/**
 * `--explain` in the HTML report, rendered from synthetic explanations: every string a user wrote
 * (benchmark and function names, paths, source text) escaped; the causes with their shares, terms
 * and hot lines; the decomposition's rows adding up to the change; the "no evidence differs"
 * sentence when nothing is claimed; and the section on the ab, compare and results pages.
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { analyseAb, type AbPair } from '../../src/analysis/ab-pairs.js';
import { compareRuns } from '../../src/analysis/compare-runs.js';
import { renderAbPage } from '../../src/html/ab-page.js';
import { renderComparePage } from '../../src/html/compare-page.js';
import { html } from '../../src/html/escape-html.js';
import { decomposition, explainSection } from '../../src/html/explain-section.js';
import { renderResultsPage } from '../../src/html/results-page.js';
import type { Explanation } from '../../src/results/types.js';
import { cause, slower, unexplained } from '../fixtures/report/explain-fixtures.js';
import { SCRIPT_BREAK, XSS, xssResults } from '../fixtures/report/html-fixtures.js';

/** fast-check's seed for every property of this file: a failure reproduces, run after run. */
const PROPERTY_SEED = 52457529;

describe('explainSection', () => {
  it('escapes every name, path and source line a user wrote', () => {
    const section = explainSection([slower]);
    assert.ok(!section.includes(XSS), 'raw markup from a name reached the page');
    assert.ok(!section.includes(SCRIPT_BREAK), 'a raw </script> reached the page');
    assert.ok(section.includes(html(XSS)));
    assert.ok(section.includes(html(`if (tok.kind === ${SCRIPT_BREAK})`)));
    assert.doesNotMatch(section, /style=|<script/, 'the page CSP allows no inline style or script');
  });

  it('shows the change with its CI, the work, each cause with its share and term, and its hot lines', () => {
    const section = explainSection([slower]);
    assert.match(section, /<span class="verdict-slower">\+20\.0%<\/span> <span class="muted">\[\+17\.0%, \+23\.0%\]<\/span>/);
    assert.match(section, /100(\.0+)? ns → 120(\.0+)? ns per op/);
    assert.match(section, /instructions\/op \+18\.0% \(the code does more work, not the machine\)/);
    assert.match(section, /<tr class="cause"><td class="share s\d+">85\.0%<\/td><td class="num">\+17(\.0+)? ns<\/td><td class="muted kind">new deopt<\/td>/);
    assert.match(section, /<tr class="unsized"><td class="share"><\/td><td class="num"><\/td><td class="muted kind">JIT tier<\/td>/);
    assert.match(section, /<ul class="explain-details"><li><code>src\/&lt;img/);
    // 0.95 of the change is in the listed functions: 17 ns named, 2 ns in the others, 1 ns outside the lists.
    assert.match(section, /<tr class="rest"><td class="share s\d+">10\.0%<\/td><td class="num">\+2(\.0+)? ns<\/td>/);
    assert.match(section, /<tr class="rest"><td class="share s\d+">5\.0%<\/td><td class="num">\+1(\.0+)? ns<\/td>/);
    assert.match(section, /<tr class="total"><td class="share s\d+">100\.0%<\/td><td class="num">\+20(\.0+)? ns<\/td>/);
  });

  it('says no evidence differs, first, when no cause is claimed', () => {
    const section = explainSection([unexplained]);
    assert.match(section, /<p class="explain-none">no evidence differs: the same instructions, allocation and profile/);
    assert.doesNotMatch(section, /<table/, 'no profiles: no decomposition to show');
    assert.match(section, /<span class="verdict-faster">-8\.0+%<\/span>/);
  });

  it('says there is nothing to explain when no change was called', () => {
    assert.match(explainSection([]), /No change was called, so there is nothing to explain/);
  });

  it('links a name to its benchmark block when the page has one', () => {
    assert.match(
      explainSection([unexplained], (id) => (id === 'b.bench.ts#layout' ? 'b7' : undefined)),
      /<a href="#b7">layout<\/a>/,
    );
  });

  it('decomposition: the named terms, the rest and the part outside the lists add up to the change', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e6, noNaN: true }),
        fc.double({ min: -0.9, max: 5, noNaN: true }).filter((c) => Math.abs(c) > 1e-3),
        fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { maxLength: 5 }),
        fc.double({ min: -1, max: 2, noNaN: true }),
        (baseNs, change, shares, covered) => {
          const newNs = baseNs * (1 + change);
          const changeNs = newNs - baseNs;
          const e: Explanation = {
            ...slower,
            baseNs,
            newNs,
            covered,
            causes: shares.map((s) => cause({ share: s, deltaNs: s * changeNs })),
          };
          const rows = decomposition(e);
          const total = rows.at(-1)!;
          assert.equal(total.className, 'total');
          const sum = rows.slice(0, -1).reduce((acc, r) => acc + (r.deltaNs ?? 0), 0);
          assert.ok(Math.abs(sum - total.deltaNs!) <= 1e-9 * Math.max(1, Math.abs(changeNs)) * (shares.length + 3), `${sum} vs ${total.deltaNs}`);
        },
      ),
      { seed: PROPERTY_SEED },
    );
  });
});

describe('the section on the pages', () => {
  it('the results page with --compare --explain lists it and links names to the benchmark blocks', () => {
    const next = xssResults(1.5);
    const comparison = compareRuns(xssResults(), next, { noise: 0.01, seed: 1 });
    const id = next.benchmarks[0]!.id;
    const page = renderResultsPage(next, { compare: { comparison, baseLabel: 'base.json', explanations: [{ ...slower, id }] } });
    assert.match(page, /<li><a href="#explain">why \(--explain\)<\/a><\/li>/);
    assert.match(page, /<section id="explain"><h2>Why \(--explain\)<\/h2>/);
    assert.match(page, /<h3 id="x1"><a href="#b1">&lt;img/);
    assert.doesNotMatch(renderResultsPage(next, { compare: { comparison, baseLabel: 'base.json' } }), /id="explain"/, 'without --explain, no section');
  });

  it('the compare page holds the comparison table and the section', () => {
    const comparison = compareRuns(xssResults(), xssResults(1.5), { noise: 0.01, seed: 1 });
    const page = renderComparePage(comparison, { base: `base ${XSS}.json`, new: 'new.json' }, [slower, unexplained]);
    assert.match(page, /<section id="comparison"><h2>Against base &lt;img/);
    assert.match(page, /<th class="num">base<\/th><th class="num">new\.json<\/th>/);
    assert.equal(page.match(/<article class="explain/g)?.length, 2);
    assert.ok(!page.includes(XSS));
    assert.doesNotMatch(renderComparePage(comparison, { base: 'a', new: 'b' }, null), /id="explain"/);
  });

  it('the ab page holds the paired table and the section', () => {
    const base = xssResults();
    const pairs: AbPair[] = Array.from({ length: 6 }, (_, i) => ({ order: i % 2 === 0 ? 'AB' : 'BA', a: base, b: xssResults(1.5) }));
    const analysis = analyseAb(pairs, 0.01);
    const page = renderAbPage(analysis, { a: `main ${XSS}`, b: 'working tree', notes: [`note ${SCRIPT_BREAK}`] }, [slower]);
    assert.match(page, /<h1>ubench ab — A = main &lt;img/);
    assert.match(page, /<table class="compare"><tr><th>benchmark<\/th><th class="num">A<\/th><th class="num">B<\/th>/);
    assert.match(page, /<section id="explain">/);
    assert.ok(!page.includes(XSS));
    assert.ok(!page.includes(`note ${SCRIPT_BREAK}`));
    assert.ok(page.includes(`<p><strong>Notes</strong></p><ul><li>${html(`note ${SCRIPT_BREAK}`)}</li></ul>`), 'the notes, escaped');
  });
});

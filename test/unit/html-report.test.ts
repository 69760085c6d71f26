import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { compareRuns } from '../../src/analysis/compare-runs.js';
import { runInProcess } from '../helpers/in-process-cli.js';
import { CHART_DATA_ELEMENT_ID, type ChartSpec, type ComplexitySpec } from '../../src/html/chart-spec.js';
import { complexityResults } from '../fixtures/report/complexity-fixture.js';
import { html, inlineScript, jsonForScript } from '../../src/html/escape-html.js';
import { renderProbePage } from '../../src/html/probe-page.js';
import { renderResultsPage } from '../../src/html/results-page.js';
import type { ProbeDocument } from '../../src/probe/probe-types.js';
import { writeResultsAtomic } from '../../src/results/files/write-results.js';
import { histogramBins } from '../../src/stats/histogram.js';
import { fullResults } from '../fixtures/results/full-results.js';
import { SCRIPT_BREAK, XSS, xssResults } from '../fixtures/report/html-fixtures.js';
import { MODEL_OS, probeMachine } from '../helpers/probe-machine.js';

const dir = mkdtempSync(path.join(tmpdir(), 'ubench-html-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The chart specs embedded in a page, and the ids of its canvases. */
function chartsOf(page: string): { specs: Record<string, ChartSpec>; canvases: string[] } {
  const json = new RegExp(`<script type="application/json" id="${CHART_DATA_ELEMENT_ID}">([^<]*)</script>`).exec(page)![1]!;
  return { specs: JSON.parse(json) as Record<string, ChartSpec>, canvases: [...page.matchAll(/<canvas data-chart="([^"]+)"/g)].map((m) => m[1]!) };
}

function run(args: string[]) {
  return runInProcess(args, { cwd: dir, executor: probeMachine(), osFacts: () => ({ facts: MODEL_OS, source: '/fake/sysfs' }) });
}

describe('escaping', () => {
  it('html() escapes the five markup characters', () => {
    assert.equal(html(`<a href="x" title='y'>&`), '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;');
  });
  it('jsonForScript() leaves no "<" and parses back to the same value', () => {
    const value = { name: SCRIPT_BREAK, other: '<!-- x -->\u2028' };
    const text = jsonForScript(value);
    assert.ok(!text.includes('<'));
    assert.deepEqual(JSON.parse(text), value);
  });
  it('inlineScript() defuses a closing script tag inside the bundle', () => {
    assert.equal(inlineScript('var s = "</script>";'), 'var s = "<\\/script>";');
  });
});

describe('renderResultsPage', () => {
  const page = renderResultsPage(xssResults(), { label: 'xss.json' });

  it('is one self-contained page: inline style and script, no external resource', () => {
    assert.match(page, /^<!doctype html>/);
    assert.ok(!/<(script|link|img)[^>]*\s(src|href)=/i.test(page), 'no external script, stylesheet or image');
    assert.ok(page.length > 100_000, 'the chart library is inlined');
    assert.equal(page.match(/<\/script>/g)!.length, 2, 'only the data and the bundle close a script element');
  });

  it('shows every user string as text, never as markup', () => {
    assert.ok(!page.includes(XSS), 'no raw <img onerror>');
    assert.ok(!page.includes('alert(2)</script>'), 'no raw script break');
    assert.ok(page.includes(html(XSS)));
    assert.ok(page.includes(html(`Error: ${SCRIPT_BREAK}`)));
  });

  it('has a canvas for every chart spec: three per measured benchmark, one per group', () => {
    const { specs, canvases } = chartsOf(page);
    assert.deepEqual(canvases.sort(), Object.keys(specs).sort());
    const kinds = Object.values(specs)
      .map((s) => s.kind)
      .sort();
    // 3 measured benchmarks × 3 charts; 2 groups (ungrouped, named) with measured benchmarks.
    assert.deepEqual(kinds, ['estimate-bars', 'estimate-bars', ...Array(3).fill('histogram'), ...Array(3).fill('iterations'), ...Array(3).fill('run-order')]);
  });

  it('draws each sweep on log-log axes with its CIs, the fitted curve and the cliffs, and says the fit in words', () => {
    const complexity = renderResultsPage(complexityResults());
    const specs = Object.values(chartsOf(complexity).specs).filter((s): s is ComplexitySpec => s.kind === 'complexity');
    assert.equal(specs.length, 4);
    // The page puts the ungrouped array sum first, then the group's sort, scan and lookup.
    const [sum, sort, scan, lookup] = specs;
    assert.deepEqual(
      [sort, scan, lookup].map((x) => x!.curveLabel),
      ['fit: O(n log n)', 'fit: O(n)', 'fit: O(1)'],
    );
    assert.equal(sort!.points.length, 6);
    assert.ok(sort!.points.every((p) => p.yMin < p.y && p.y < p.yMax));
    const curveAt = sort!.curve!.at(-1)!;
    assert.ok(Math.abs(curveAt.y / (12 * 65536 * 16) - 1) < 1e-6, 'the curve ends at the fit at the largest size');
    assert.deepEqual(sum!.cliffs, [{ from: 32768, to: 131072 }]);
    // The array sum is O(n) with one step (×3 per element from 1 MiB on): the curve steps with it.
    assert.equal(sum!.curveLabel, 'fit: O(n) with 1 cliff');
    const perElement = (p: { x: number; y: number }): number => p.y / p.x;
    assert.ok(Math.abs(perElement(sum!.curve!.at(-1)!) / perElement(sum!.curve![0]!) - 3) < 0.01, 'the curve ends three times as high per element');
    assert.match(complexity, /sort over n: O\(n log n\), 12\.00 ns·n log n/);
    assert.match(complexity, /the working set left L2 \(1\.00 MiB on this machine/);
  });

  it('puts the median and its CI on the histogram, and the fitted line through the samples', () => {
    const specs = Object.values(chartsOf(page).specs);
    const histogram = specs.find((s) => s.kind === 'histogram')!;
    assert.ok(histogram.kind === 'histogram' && histogram.ciLower <= histogram.median && histogram.median <= histogram.ciUpper);
    assert.equal(
      histogram.bins.reduce((n, b) => n + b.count, 0),
      40,
    );
    const iterations = specs.find((s) => s.kind === 'iterations')!;
    assert.ok(iterations.kind === 'iterations' && iterations.fit !== null && iterations.fit.length === 2);
  });

  it('lists diagnostics with their hints and the failed benchmark with its error', () => {
    assert.match(page, /<li class="warning"><strong>multimodal<\/strong> two modes in &lt;img/);
    assert.match(page, /<span class="hint">look at &lt;\/script&gt;/);
    assert.match(page, /<p class="error-text">error: Error: &lt;\/script&gt;/);
  });

  it('shows memory, GC share and hot functions when the results have them, and the environment', () => {
    const full = renderResultsPage(fullResults);
    assert.match(full, /heap bytes per operation/);
    assert.match(full, /garbage collections while sampling/);
    assert.match(full, /Hot functions \(self time\)/);
    assert.match(full, /<th>commit<\/th><td>a{40} \(uncommitted changes\)<\/td>/);
    assert.match(full, /<th>CPU<\/th><td>Apple M2 · 8 cores · 3504 MHz<\/td>/);
    assert.match(full, /<th>flags \(--node-flags\)<\/th><td>--max-old-space-size=4096<\/td>/);
    assert.match(full, /<th>ubench&#39;s own flags<\/th><td>--log-deopt --logfile=/);
    assert.match(full, /The file did not load: Cannot find module/);
  });

  it('with a base run: the change of every benchmark, regressions highlighted, and a change chart', () => {
    const base = xssResults(0.8); // the first benchmark was 20% faster in the base run
    const comparison = compareRuns(base, xssResults(), { noise: 0.01, seed: 1 });
    const compared = renderResultsPage(xssResults(), { compare: { comparison, baseLabel: 'main' } });
    assert.match(compared, /<h2>Against main<\/h2>/);
    assert.match(compared, /<span class="verdict-slower">1 slower<\/span>/);
    assert.match(compared, /<tr class="regression"><td><a href="#b1">&lt;img/);
    assert.match(compared, /<article class="benchmark regression"><h4 id="b1">/);
    assert.equal(compared.match(/class="benchmark regression"/g)!.length, 1);
    assert.ok(Object.values(chartsOf(compared).specs).some((s) => s.kind === 'change-bars'));
  });
});

describe('histogramBins', () => {
  it('covers min to max with counts summing to n, within 5…40 bins', () => {
    const values = Array.from({ length: 200 }, (_, i) => 100 + ((i * 37) % 50) + (i % 7 === 0 ? 400 : 0));
    const bins = histogramBins(values);
    assert.ok(bins.length >= 5 && bins.length <= 40);
    assert.equal(bins[0]!.from, Math.min(...values));
    assert.equal(bins.at(-1)!.to, Math.max(...values));
    assert.equal(
      bins.reduce((n, b) => n + b.count, 0),
      200,
    );
  });
  it('gives one bin for equal values and rejects an empty input', () => {
    assert.deepEqual(histogramBins([3, 3, 3]), [{ from: 3, to: 3, count: 3 }]);
    assert.throws(() => histogramBins([]), RangeError);
  });
});

describe('probe page and ubench report', () => {
  it('renders every probe series as a chart with the findings beside the OS', async () => {
    const json = path.join(dir, 'probe.json');
    assert.equal((await run(['probe', '--quick', '--quiet', '--no-color', '--json', json])).code, 0);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as ProbeDocument;
    const page = renderProbePage(doc);
    const { specs, canvases } = chartsOf(page);
    assert.equal(canvases.length, doc.experiments.flatMap((e) => e.series).filter((s) => s.points.length > 0).length);
    assert.ok(Object.values(specs).every((s) => s.kind === 'probe-series'));
    assert.match(page, /<td>line size<\/td><td class="num"><strong>64 B<\/strong><\/td><td class="num">64 B<\/td><td><span class="agree">✓ agrees<\/span>/);
    const report = await run(['report', json, '--html', 'probe.html']);
    assert.equal(report.code, 0, report.err);
    assert.match(report.err, /^HTML report \(\d+ KiB\) written to probe\.html$/m);
  });

  it('writes a results report, compared with a base run, and to stdout with -', async () => {
    writeResultsAtomic(path.join(dir, 'new.json'), xssResults());
    writeResultsAtomic(path.join(dir, 'base.json'), xssResults(0.8));
    const written = await run(['report', 'new.json', '--compare', 'base.json', '--html', 'r.html']);
    assert.equal(written.code, 0, written.err);
    assert.match(readFileSync(path.join(dir, 'r.html'), 'utf8'), /<h2>Against base\.json<\/h2>/);
    const piped = await run(['report', 'new.json', '--html', '-']);
    assert.match(piped.out, /^<!doctype html>/);
  });

  for (const [args, message] of [
    [['report', 'probe.json'], /^ubench: report: a probe document has an HTML report only: add --html <file>/],
    [['report', 'new.json', '--compare', 'base.json'], /^ubench: report: --compare needs --html <file>/],
    [['report', '--html', 'x.html'], /^ubench: report: expected one results file/],
    [['report', 'probe.json', '--compare', 'new.json', '--html', 'x.html'], /^ubench: report: --compare applies to results files/],
    [['report', 'bad.json', '--html', 'x.html'], /^ubench: malformed JSON in .*bad\.json at line 1, column 3/],
    [['report', 'old-probe.json', '--html', 'x.html'], /^ubench: .*probe document version 99 is not supported/],
    [['report', 'missing.json', '--html', 'x.html'], /^ubench: cannot read file .*missing\.json: no such file/],
  ] as const) {
    it(`usage error: ${args.join(' ')}`, async () => {
      writeFileSync(path.join(dir, 'bad.json'), '{ not json');
      writeFileSync(path.join(dir, 'old-probe.json'), JSON.stringify({ format: 'ubench-probe', version: 99 }));
      const r = await run([...args]);
      assert.equal(r.code, 2, r.err);
      assert.match(r.err, message);
      assert.equal(r.err.trim().split('\n').length, 1);
    });
  }
});

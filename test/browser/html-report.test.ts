/**
 * The HTML report in a real browser: Debian's chromium driven by playwright-core opens generated
 * pages from file URLs and checks that no console error is logged, every chart canvas was drawn
 * (marked by the page script and holding painted pixels), and markup in user strings shows as text
 * without running (no dialog, no <img> element). Screenshots go to test-artifacts/html-report/.
 * Without chromium the tests are skipped with a loud message (`.ci/run` installs it).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { compareRuns } from '../../src/analysis/compare-runs.js';
import { analyse } from '../../src/analysis/analyse.js';
import { qualifiedId } from '../../src/results/runtime-keys.js';
import type { ResultsFile } from '../../src/results/types.js';

const analyseNow = (file: ResultsFile): ResultsFile => analyse(file, { analysedBy: 'test' });
import { buildProbeDocument } from '../../src/probe/analyze-probe.js';
import { renderProbePage } from '../../src/html/probe-page.js';
import { renderResultsPage } from '../../src/html/results-page.js';
import { renderAbPage } from '../../src/html/ab-page.js';
import { renderComparePage } from '../../src/html/compare-page.js';
import { analyseAb, type AbPair } from '../../src/analysis/ab-pairs.js';
import { slower, unexplained } from '../fixtures/report/explain-fixtures.js';
import { fullResults } from '../fixtures/results/full-results.js';
import { complexityResults } from '../fixtures/report/complexity-fixture.js';
import { XSS, xssResults } from '../fixtures/report/html-fixtures.js';
import { REPO_ROOT, runCli } from '../helpers/e2e-cli.js';
import { MODEL_OS, probeResults } from '../helpers/probe-machine.js';
import { PROBE_EXPERIMENTS } from '../../src/probe/probe-experiments.js';

/** Debian's chromium package puts the browser here. */
const CHROMIUM = process.env['UBENCH_CHROMIUM'] ?? '/usr/bin/chromium';
const SCREENSHOTS = path.join(REPO_ROOT, 'test-artifacts', 'html-report');
const available = existsSync(CHROMIUM);

if (!available) {
  process.stderr.write(
    `\n${'!'.repeat(78)}\n!! Browser tests SKIPPED: no chromium at ${CHROMIUM}.\n!! Install it (apt-get install -y chromium) or set UBENCH_CHROMIUM to run them.\n${'!'.repeat(78)}\n\n`,
  );
}

const dir = mkdtempSync(path.join(tmpdir(), 'ubench-browser-'));
let browser: Browser | null = null;

before(async () => {
  if (!available) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
});
after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface PageCheck {
  consoleErrors: string[];
  dialogs: string[];
  canvases: { chart: string; rendered: string | null; painted: boolean; width: number }[];
  images: number;
}

/**
 * Opens `html` from a file URL, waits for the charts, runs `act` on the page (clicks, checks),
 * screenshots the page, and reports what it saw.
 */
async function openPage(name: string, html: string, act?: (page: Page) => Promise<void>): Promise<PageCheck & { headings: string[] }> {
  const file = path.join(dir, `${name}.html`);
  writeFileSync(file, html);
  const page = await browser!.newPage({ viewport: { width: 1280, height: 900 } });
  const consoleErrors: string[] = [];
  const dialogs: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  const seen = await page.evaluate(() => ({
    canvases: Array.from(document.querySelectorAll('canvas[data-chart]')).map((c) => {
      const canvas = c as HTMLCanvasElement;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let painted = false;
      for (let i = 3; i < data.length && !painted; i += 4) painted = data[i]! > 0;
      return { chart: canvas.dataset['chart']!, rendered: canvas.dataset['rendered'] ?? null, painted, width: canvas.width };
    }),
    images: document.querySelectorAll('img').length,
    headings: Array.from(document.querySelectorAll<HTMLElement>('h2, h3, h4')).map((h) => h.textContent ?? ''),
  }));
  await act?.(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  await page.close();
  return { consoleErrors, dialogs, ...seen };
}

function assertAllDrawn(check: PageCheck, expectedCharts: number): void {
  assert.deepEqual(check.consoleErrors, []);
  assert.equal(check.canvases.length, expectedCharts);
  for (const c of check.canvases) {
    assert.equal(c.rendered, 'true', `chart ${c.chart} not drawn`);
    assert.ok(c.painted && c.width > 0, `chart ${c.chart} is blank`);
  }
}

describe('HTML report in chromium', { skip: available ? false : `no chromium at ${CHROMIUM}` }, () => {
  it('draws every chart of a results report and shows the XSS names as text without running them', async () => {
    const check = await openPage('results-xss', renderResultsPage(xssResults(), { label: 'xss.json' }));
    assertAllDrawn(check, 11);
    assert.deepEqual(check.dialogs, []);
    assert.equal(check.images, 0);
    assert.ok(check.headings.includes(XSS), 'the benchmark name appears literally');
  });

  it('its Content-Security-Policy refuses a script and a style that are not its own', async () => {
    // As if a damaged file had got markup past the escaping: the policy must still stop it.
    const page = renderResultsPage(xssResults(), { label: 'csp.json' }).replace(
      '</body>',
      '<script>document.title = "pwned"; window.alert("csp")</script><style>body { display: none; }</style></body>',
    );
    let title = '';
    let bodyDisplay = '';
    const check = await openPage('results-csp', page, async (p) => {
      title = await p.title();
      bodyDisplay = await p.evaluate(() => getComputedStyle(document.body).display);
    });
    assert.notEqual(title, 'pwned');
    assert.notEqual(bodyDisplay, 'none');
    assert.deepEqual(check.dialogs, []);
    assert.ok(
      check.consoleErrors.length >= 2 && check.consoleErrors.every((e) => /Content Security Policy/.test(e)),
      `the browser reports the refused script and style: ${check.consoleErrors.join(' | ')}`,
    );
    assert.ok(
      check.canvases.every((c) => c.rendered === 'true'),
      "ubench's own script still ran",
    );
  });

  it('draws the comparison with a base run', async () => {
    const comparison = compareRuns(xssResults(0.8), xssResults(), { noise: 0.01, seed: 1 });
    const check = await openPage('results-compare', renderResultsPage(xssResults(), { compare: { comparison, baseLabel: 'main' } }));
    assertAllDrawn(check, 12);
  });

  it('shows --explain on the compare and ab pages: the causes table with its bars, the names as text, no style refused', async () => {
    const comparison = compareRuns(xssResults(0.8), xssResults(), { noise: 0.01, seed: 1 });
    const compare = await openPage('compare-explain', renderComparePage(comparison, { base: `base ${XSS}`, new: 'new' }, [slower, unexplained]));
    assertAllDrawn(compare, 1);
    assert.deepEqual([compare.dialogs, compare.images], [[], 0]);
    assert.ok(compare.headings.includes(`${XSS} +20.0% [+17.0%, +23.0%]`), compare.headings.join('\n'));
    const pairs: AbPair[] = Array.from({ length: 6 }, (_, i) => ({ order: i % 2 === 0 ? 'AB' : 'BA', a: xssResults(0.8), b: xssResults() }));
    const ab = await openPage('ab-explain', renderAbPage(analyseAb(pairs, 0.01), { a: `main ${XSS}`, b: 'working tree' }, [slower]), async (page) => {
      // The share bar is the stylesheet's: the cause's cell has its --share from the class the CSP-allowed sheet defines.
      const share = await page.evaluate(() => getComputedStyle(document.querySelector('table.explain-causes tr.cause td.share')!).getPropertyValue('--share').trim());
      assert.equal(share, '85%');
    });
    assertAllDrawn(ab, 1);
    assert.deepEqual([ab.dialogs, ab.images], [[], 0]);
  });

  it('draws the runtimes side by side: a table and a chart of ratios per file', async () => {
    const base = xssResults();
    const runtime = (label: string, name: 'node' | 'bun', engine: 'V8' | 'JavaScriptCore') => ({ label, name, version: name === 'bun' ? '1.4.5' : '20.20.2', engine, engineVersion: '1' });
    const runtimes = [runtime('node', 'node', 'V8'), runtime('bun', 'bun', 'JavaScriptCore')];
    const benchmarks = runtimes.flatMap((r, i) =>
      base.benchmarks.map((b) => ({ ...b, id: qualifiedId(b.id, r.label), runtime: r, samples: b.samples.map((x) => ({ ...x, elapsedNs: x.elapsedNs * (1 - 0.3 * i) })) })),
    );
    const full = runtimes.map((r) => ({ ...r, executable: `/bin/${r.name}`, clock: base.environment.clock, flags: [], throttleBaselineNs: null }));
    const results = analyseNow({ ...base, benchmarks, runtimes: full });
    const check = await openPage('results-runtimes', renderResultsPage(results));
    assert.ok(check.headings.includes('runtimes side by side'), check.headings.join(' | '));
    const runtimeCharts = check.canvases.length - 2 * 11;
    assert.ok(runtimeCharts >= 1, `runtime charts: ${runtimeCharts}`);
    assertAllDrawn(check, check.canvases.length);
  });

  it('draws a results file with memory, profile and a failed file', async () => {
    const check = await openPage('results-full', renderResultsPage(fullResults));
    assertAllDrawn(check, 4); // one measured benchmark: three charts and its group's bars
  });

  it('shows every profiling section of a real --profile --disasm --alloc-sites run, the machine code opening on a click', async () => {
    const json = path.join(dir, 'passes.json');
    const written = path.join(dir, 'passes.html');
    const bench = 'test/fixtures/bench/html/passes.bench.ts';
    const run = await runCli([
      bench,
      '--time',
      '200ms',
      '--warmup',
      '200ms',
      '--profile',
      '--disasm',
      '--alloc-sites',
      '--profile-dir',
      path.join(dir, 'profiles'),
      '--json',
      json,
      '--html',
      written,
      '--no-history',
    ]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    let seen: { passes: Record<string, boolean>; disasmRows: number; closedBefore: boolean; openAfter: boolean; text: string } | null = null;
    const check = await openPage('results-passes', readFileSync(written, 'utf8'), async (page) => {
      const passes: Record<string, boolean> = {};
      for (const pass of ['alloc-sites', 'deopts', 'profile', 'disasm']) passes[pass] = await page.locator(`section[data-pass="${pass}"]`).isVisible();
      const details = page.locator('details.disasm');
      const firstRow = page.locator('table.disasm tr').nth(1);
      const closedBefore = !(await details.evaluate((d) => (d as HTMLDetailsElement).open)) && !(await firstRow.isVisible());
      await page.locator('details.disasm > summary').click();
      seen = {
        passes,
        disasmRows: await page.locator('table.disasm tr').count(),
        closedBefore,
        openAfter: (await details.evaluate((d) => (d as HTMLDetailsElement).open)) && (await firstRow.isVisible()),
        // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out (table cells apart) is what a reader sees
        text: await page.locator('body').innerText(),
      };
    });
    assertAllDrawn(check, 4); // one benchmark: its three charts and its group's bars
    const s = seen!;
    assert.deepEqual(s.passes, { 'alloc-sites': true, deopts: true, profile: true, disasm: true });
    assert.ok(s.closedBefore, 'the machine code starts collapsed');
    assert.ok(s.openAfter, 'a click on its summary opens it');
    assert.ok(s.disasmRows > 10, `${s.disasmRows} rows of machine code`);
    // Hot lines with the source text, allocation sites and deopts with V8's reason, as text on the page.
    assert.match(s.text, /for \(let i = 0; i < 8; i\+\+\) out\[i % 3\] = Math\.sqrt/);
    assert.match(s.text, /Allocation sites[\s\S]*B\/op sampled/);
    assert.match(s.text, /Deoptimizations \(\d+\)[\s\S]*deopt-\w+\s+test\/fixtures\/bench\/html\/passes\.bench\.ts:\d+:\d+/);
    assert.match(s.text, /Hot functions \(self time\)[\s\S]*spread/);
  });

  it('draws a log-log chart with the fitted curve for every sweep', async () => {
    const results = complexityResults();
    const check = await openPage('results-complexity', renderResultsPage(results));
    // Two groups' bar charts and one chart per sweep (the fixture's benchmarks have no samples of their own to plot).
    assertAllDrawn(check, 2 + results.complexity!.groups.length);
  });

  it('draws every series of a probe report', async () => {
    const doc = buildProbeDocument({ results: probeResults(), experiments: PROBE_EXPERIMENTS, os: MODEL_OS, osSource: '/fake/sysfs', quick: true, complete: true });
    const check = await openPage('probe', renderProbePage(doc));
    assertAllDrawn(check, doc.experiments.flatMap((e) => e.series).filter((s) => s.points.length > 0).length);
  });
});

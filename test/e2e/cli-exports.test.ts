/** Exports for CI: --markdown/--csv/--benchfmt/--bmf on a run, `ubench export`, compare's exports, and $GITHUB_STEP_SUMMARY. */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { describeRun, FAST, linesOf, makeTempDir, REPO_ROOT, runCli, STACK_LINE } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());
const FIXTURE = path.join(REPO_ROOT, 'test/fixtures/bench/compare/work.bench.ts');
const out = (name: string): string => path.join(temp.dir, name);
/** A time per operation in any unit: which unit it gets depends on the host's speed. */
const TIME = '[\\d.]+ (ps|ns|µs|ms|s)';

describe('exports', () => {
  const summary = out('summary.md');
  before(async () => {
    writeFileSync(summary, '# earlier step\n');
    const run = await runCli(
      [FIXTURE, ...FAST, '--no-history', '--json', out('run.json'), '--markdown', out('run.md'), '--csv', out('run.csv'), '--benchfmt', out('run.txt'), '--bmf', out('run.bmf.json')],
      { env: { GITHUB_STEP_SUMMARY: summary } },
    );
    assert.equal(run.code, 0, describeRun(run));
    assert.match(run.stderr, /^csv written to /m);
  });

  it('a run writes each format, readable by its consumer', () => {
    assert.match(readFileSync(out('run.md'), 'utf8'), new RegExp(`^\\| weighted sum \\| ${TIME} \\|`, 'm'));
    const csv = readFileSync(out('run.csv'), 'utf8').split('\r\n');
    assert.match(csv[0]!, /^id,file,group,name,params,status,nsPerOp,/);
    assert.match(csv[1]!, /#weighted sum,.*,ok,[\d.]+,/);
    const bench = linesOf(readFileSync(out('run.txt'), 'utf8'));
    const samples = (JSON.parse(readFileSync(out('run.json'), 'utf8')) as { benchmarks: { samples: unknown[] }[] }).benchmarks[0]!.samples.length;
    assert.equal(bench.filter((l) => /^Benchmarkweighted_sum-1\t\d+\t[\d.]+ ns\/op/.test(l)).length, samples);
    assert.ok(bench.includes(`pkg: ${path.relative(REPO_ROOT, FIXTURE)}`), bench.join('\n'));
    const bmf = JSON.parse(readFileSync(out('run.bmf.json'), 'utf8')) as Record<string, { latency: { value: number; lower_value: number; upper_value: number } }>;
    const latency = Object.values(bmf)[0]!.latency;
    assert.ok(latency.lower_value <= latency.value && latency.value <= latency.upper_value);
  });

  it('appends the results to $GITHUB_STEP_SUMMARY, keeping what was there', () => {
    const text = readFileSync(summary, 'utf8');
    assert.match(text, /^# earlier step\n/);
    assert.match(text, /^# ubench results$/m);
    assert.match(text, /^\| weighted sum \|/m);
  });

  it('ubench export writes a saved file to stdout in one format', async () => {
    const run = await runCli(['export', out('run.json'), '--benchfmt', '-']);
    assert.equal(run.code, 0, describeRun(run));
    assert.equal(run.stdout, readFileSync(out('run.txt'), 'utf8'));
  });

  it('compare writes Markdown and CSV and appends the comparison to the job summary', async () => {
    const compareSummary = out('compare-summary.md');
    const run = await runCli(['compare', out('run.json'), out('run.json'), '--markdown', out('cmp.md'), '--csv', out('cmp.csv')], { env: { GITHUB_STEP_SUMMARY: compareSummary } });
    assert.equal(run.code, 0, describeRun(run));
    assert.match(readFileSync(out('cmp.md'), 'utf8'), new RegExp(`^\\| weighted sum \\| ${TIME} \\| ${TIME} \\| 0\\.00% \\[-[\\d.]+%, \\+[\\d.]+%\\] \\| 1\\.0000 \\| (same|can't tell) \\|$`, 'm'));
    assert.match(readFileSync(out('cmp.csv'), 'utf8'), /^name,id,baseNsPerOp,newNsPerOp,change,ciLower,ciUpper,pValue,verdict,/);
    assert.equal(readFileSync(compareSummary, 'utf8'), `${readFileSync(out('cmp.md'), 'utf8')}\n`);
  });

  it('compare --markdown/--csv/--json - write to stdout alone (the report to stderr), not to a file named -', async () => {
    const markdown = await runCli(['compare', out('run.json'), out('run.json'), '--markdown', '-'], { cwd: temp.dir });
    assert.equal(markdown.code, 0, describeRun(markdown));
    assert.match(markdown.stdout, /^# ubench compare: run\.json → run\.json\n[\s\S]*\n\| weighted sum \| /);
    assert.match(markdown.stderr, /^compare run\.json → run\.json/m);
    const json = await runCli(['compare', out('run.json'), out('run.json'), '--json', '-'], { cwd: temp.dir });
    assert.equal(json.code, 0, describeRun(json));
    const document = JSON.parse(json.stdout) as { format: string; rows: unknown[]; complexityChanges: unknown[] };
    assert.deepEqual([document.format, document.rows.length > 0, document.complexityChanges], ['ubench-compare', true, []]);
    const csv = await runCli(['compare', out('run.json'), out('run.json'), '--csv', '-'], { cwd: temp.dir });
    assert.equal(csv.code, 0, describeRun(csv));
    assert.match(csv.stdout, /^name,id,baseNsPerOp,newNsPerOp,change,ciLower,ciUpper,pValue,verdict,/m);
    assert.equal(existsSync(path.join(temp.dir, '-')), false, 'a file named - was written');
  });

  it('a run with --json - writes the results alone to stdout (the tables to stderr), and no file named -', async () => {
    const run = await runCli([FIXTURE, ...FAST, '--no-history', '--filter', 'weighted', '--json', '-'], { cwd: temp.dir });
    assert.equal(run.code, 0, describeRun(run));
    const results = JSON.parse(run.stdout) as { benchmarks: { name: string }[] };
    assert.ok(
      results.benchmarks.some((b) => b.name === 'weighted sum'),
      run.stdout,
    );
    assert.match(run.stderr, /weighted sum\s+\S+/);
    assert.equal(existsSync(path.join(temp.dir, '-')), false, 'a file named - was written');
  });

  it('a run with --markdown - and --compare writes the document alone to stdout (the tables and the comparison to stderr); --explain --html puts the section on the page', async () => {
    const run = await runCli([FIXTURE, ...FAST, '--no-history', '--filter', 'weighted', '--markdown', '-', '--compare', out('run.json'), '--explain', '--html', out('run-cmp.html')], {
      cwd: temp.dir,
    });
    assert.equal(run.code, 0, describeRun(run));
    assert.match(run.stdout, new RegExp(`^\\| weighted sum \\| ${TIME} \\|`, 'm'));
    assert.doesNotMatch(run.stdout, /this run/, 'the comparison went to stdout');
    assert.match(run.stderr, /this run/);
    assert.match(run.stderr, /weighted sum\s+\S+/);
    // Whether this short run's change is called or not, --explain was asked: the page has its section.
    assert.match(readFileSync(out('run-cmp.html'), 'utf8'), /<section id="comparison">[\s\S]*<section id="explain"><h2>Why \(--explain\)<\/h2>/);
  });

  it('ab --html writes the paired table as a page (with --explain, its section), --json a file, --markdown - to stdout alone', async () => {
    const run = await runCli(
      ['ab', FIXTURE, FIXTURE, '--pairs', '2', ...FAST, '--noise', '50%', '--filter', 'weighted', '--explain', '--html', out('ab.html'), '--json', out('ab.json'), '--markdown', '-'],
      { cwd: temp.dir },
    );
    assert.equal(run.code, 0, describeRun(run));
    assert.match(run.stdout, /^# ubench ab: A = /);
    const document = JSON.parse(readFileSync(out('ab.json'), 'utf8')) as { rows: unknown[]; explain: unknown[] };
    assert.ok(Array.isArray(document.rows));
    assert.equal(existsSync(path.join(temp.dir, '-')), false, 'a file named - was written');
    assert.match(run.stderr, /^HTML report \(\d+ KiB\) written to ab\.html$/m);
    const page = readFileSync(out('ab.html'), 'utf8');
    assert.match(page, /^<!doctype html>/);
    assert.match(page, /<table class="compare"><tr><th>benchmark<\/th><th class="num">A<\/th><th class="num">B<\/th>/);
    assert.match(page, /<tr class=""><td>weighted sum<\/td>/);
    // A against itself, with a ±50% noise band no A/A interval leaves: no change is called, so there is nothing to explain, and the page says so.
    assert.match(page, /<section id="explain"><h2>Why \(--explain\)<\/h2><p class="muted">No change was called, so there is nothing to explain\.<\/p><\/section>/);
    assert.deepEqual(document.explain, []);
  });

  const BAD: [string, string[], RegExp][] = [
    ['no format', ['export', 'x.json'], /^ubench: export: name at least one of --markdown/],
    ['two formats to stdout', ['export', 'x.json', '--csv', '-', '--bmf', '-'], /^ubench: export: only one output can go to stdout \(-\): --csv - and --bmf -/],
    ['a missing results file', ['export', 'nope.json', '--csv', '-'], /nope\.json.*no such file/],
    ['run with --json - and another output to stdout', [FIXTURE, '--json', '-', '--markdown', '-'], /^ubench: run: only one output can go to stdout \(-\): --json - and --markdown -/],
    ['run with two exports to stdout', [FIXTURE, '--markdown', '-', '--csv', '-'], /^ubench: run: only one output can go to stdout \(-\): --markdown - and --csv -/],
    ['compare with both formats to stdout', ['compare', 'a.json', 'b.json', '--markdown', '-', '--csv', '-'], /^ubench: compare: only one output can go to stdout \(-\): --markdown - and --csv -/],
    ['ab with --markdown - and --html -', ['ab', 'a.bench.ts', 'b.bench.ts', '--markdown', '-', '--html', '-'], /^ubench: ab: only one output can go to stdout \(-\): --markdown - and --html -/],
    ['compare with --json - and --html -', ['compare', 'a.json', 'b.json', '--json', '-', '--html', '-'], /^ubench: compare: only one output can go to stdout \(-\): --json - and --html -/],
    ['ab with --json - and --markdown -', ['ab', 'a.bench.ts', 'b.bench.ts', '--json', '-', '--markdown', '-'], /^ubench: ab: only one output can go to stdout \(-\): --json - and --markdown -/],
  ];
  for (const [what, args, mentions] of BAD) {
    it(`${args[0]} with ${what}: exit 2 and one line`, async () => {
      const run = await runCli(args);
      assert.equal(run.code, 2, describeRun(run));
      assert.equal(linesOf(run.stderr).length, 1, describeRun(run));
      assert.match(run.stderr, mentions);
      assert.doesNotMatch(run.stderr, STACK_LINE);
    });
  }
});

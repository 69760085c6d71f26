/** `ubench compare`: the table and JSON from saved results, version 1 files, and bad input. */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { describeRun, linesOf, makeTempDir, runCli, STACK_LINE } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());
const V1 = 'test/fixtures/results/valid-v1.json';
const V2 = 'test/fixtures/results/valid-v2.json';

describe('ubench compare', () => {
  it('compares a version 1 file with a version 2 file and writes the rows as JSON', async () => {
    const out = path.join(temp.dir, 'cmp.json');
    const run = await runCli(['compare', V1, V2, '--json', out, '--noise', '2%']);
    assert.equal(run.code, 0, describeRun(run));
    assert.match(run.stdout, /^compare test\/fixtures\/results\/valid-v1\.json → test\/fixtures\/results\/valid-v2\.json/);
    const doc = JSON.parse(readFileSync(out, 'utf8')) as { format: string; noise: number; rows: Record<string, unknown>[] };
    assert.equal(doc.format, 'ubench-compare');
    assert.equal(doc.noise, 0.02);
    assert.ok(doc.rows.length > 0);
    for (const row of doc.rows) {
      for (const key of ['name', 'baseNsPerOp', 'newNsPerOp', 'change', 'ciLower', 'ciUpper', 'pValue', 'verdict']) assert.ok(key in row, key);
      assert.equal(row['verdict'], 'same', 'identical samples');
      assert.equal(row['change'], 0);
    }
  });

  const BAD: [string, string[], RegExp][] = [
    ['one file', ['compare', V2], /expected two results files/],
    ['a missing file', ['compare', V2, 'nope.json'], /nope\.json.*no such file/],
    ['an unknown flag', ['compare', V2, V2, '--nope'], /--nope/],
    ['a bad noise band', ['compare', V2, V2, '--noise', 'lots'], /--noise/],
  ];
  for (const [what, args, mentions] of BAD) {
    it(`${what}: exit 2 and one line`, async () => {
      const run = await runCli(args);
      assert.equal(run.code, 2, describeRun(run));
      const lines = linesOf(run.stderr);
      assert.equal(lines.length, 1, describeRun(run));
      assert.match(lines[0]!, mentions);
      assert.doesNotMatch(run.stderr, STACK_LINE);
    });
  }

  it('malformed JSON and no benchmarks in common: exit 2 and one line', async () => {
    const broken = path.join(temp.dir, 'broken.json');
    writeFileSync(broken, '{ "schemaVersion": 2, oops');
    const malformed = await runCli(['compare', V2, broken]);
    assert.equal(malformed.code, 2, describeRun(malformed));
    assert.match(linesOf(malformed.stderr)[0]!, /malformed JSON in .*broken\.json/);
    const other = path.join(temp.dir, 'other.json');
    const doc = JSON.parse(readFileSync(V2, 'utf8')) as { benchmarks: { id: string }[] };
    doc.benchmarks.forEach((b, i) => (b.id = `elsewhere#${i}`));
    writeFileSync(other, JSON.stringify(doc));
    const disjoint = await runCli(['compare', V2, other]);
    assert.equal(disjoint.code, 2, describeRun(disjoint));
    assert.match(linesOf(disjoint.stderr)[0]!, /have no benchmarks in common/);
  });
});

describe('named baselines', () => {
  it('--save-baseline writes .ubench/baselines/<name>.json, which compare and --compare take by name', async () => {
    const cwd = temp.dir;
    const fixture = path.resolve('test/fixtures/bench/ok/quick.bench.ts');
    const saved = await runCli([fixture, '--time', '20ms', '--warmup', '20ms', '--filter', 'arith', '--save-baseline', 'main'], { cwd });
    assert.equal(saved.code, 0, describeRun(saved));
    assert.match(saved.stderr, /baseline saved to \.ubench\/baselines\/main\.json/);
    const file = JSON.parse(readFileSync(path.join(cwd, '.ubench/baselines/main.json'), 'utf8')) as { schemaVersion: number; complete: boolean };
    assert.equal(file.schemaVersion, 4);
    assert.equal(file.complete, true);
    const byName = await runCli(['compare', 'main', 'main'], { cwd });
    assert.equal(byName.code, 0, describeRun(byName));
    assert.match(byName.stdout, /compare \.ubench\/baselines\/main\.json → \.ubench\/baselines\/main\.json/);
    const inline = await runCli([fixture, '--time', '20ms', '--warmup', '20ms', '--filter', 'arith', '--compare', 'main'], { cwd });
    assert.equal(inline.code, 0, describeRun(inline));
    assert.match(inline.stdout, /compare \.ubench\/baselines\/main\.json → this run/);
    const bad = await runCli([fixture, '--save-baseline', '.hidden'], { cwd });
    assert.equal(bad.code, 2, describeRun(bad));
  });
});

describe('ubench compare --explain', () => {
  const base = 'test/fixtures/results/written-by-5bea54e.json';
  /** The base run with one benchmark 30% slower, all of it in the collector: its share of the op goes from 2.7% to 25%. */
  function slowerRun(): string {
    const doc = JSON.parse(readFileSync(base, 'utf8')) as { benchmarks: { name: string; samples: { elapsedNs: number }[]; profile: { hot: { function: string; selfPercent: number }[] } }[] };
    const target = doc.benchmarks.find((b) => b.name === 'JSON.parse(JSON.stringify(doc))')!;
    for (const s of target.samples) s.elapsedNs *= 1.3;
    const gc = target.profile.hot.find((h) => h.function === '(garbage collector)')!;
    const run0 = target.profile.hot.find((h) => h.function === 'run')!;
    gc.selfPercent = 25.2;
    run0.selfPercent = 74.5;
    const next = path.join(temp.dir, 'slower.json');
    writeFileSync(next, JSON.stringify(doc));
    return next;
  }

  it('explains a called change from both files’ profiles: the function that grew, its share of the change', async () => {
    const next = slowerRun();
    const out = path.join(temp.dir, 'explain.json');
    const run = await runCli(['compare', base, next, '--explain', '--json', out]);
    assert.equal(run.code, 0, describeRun(run));
    assert.match(run.stdout, /^why \(--explain\)$/m, run.stdout);
    assert.match(run.stdout, /JSON\.parse\(JSON\.stringify\(doc\)\) \+30\.\d%/);
    const explain = (JSON.parse(readFileSync(out, 'utf8')) as { explain: { name: string; causes: { text: string; share: number }[] }[] }).explain;
    assert.equal(explain.length, 1, JSON.stringify(explain));
    assert.match(explain[0]!.causes[0]!.text, /^self time of \(garbage collector\) 3% → 25% of the op/);
    assert.ok(explain[0]!.causes[0]!.share > 0.7, JSON.stringify(explain[0]));
  });

  it('--html writes the comparison page with the explanation; report --compare --explain --html puts it on the results page', async () => {
    const next = slowerRun();
    const page = path.join(temp.dir, 'explain.html');
    const run = await runCli(['compare', base, next, '--explain', '--html', page]);
    assert.equal(run.code, 0, describeRun(run));
    assert.match(run.stderr, /^HTML report \(\d+ KiB\) written to /m);
    const text = readFileSync(page, 'utf8');
    assert.match(text, /<section id="comparison">/);
    assert.match(text, /<section id="explain"><h2>Why \(--explain\)<\/h2>/);
    assert.match(text, /<h3 id="x1">JSON\.parse\(JSON\.stringify\(doc\)\) <span class="verdict-slower">\+30\.\d%<\/span>/);
    assert.match(
      text,
      /<tr class="cause"><td class="share s\d+">(100|[7-9]\d)\.\d%<\/td><td class="num">\+[\d.]+ \S+<\/td><td class="muted kind">(function|allocation)<\/td><td>[^<]*self time of \(garbage collector\) 3% → 25% of the op/,
    );
    assert.match(text, /<tr class="total"><td class="share s\d+">100\.0%<\/td>/);
    const plain = await runCli(['compare', base, next, '--html', '-']);
    assert.equal(plain.code, 0, describeRun(plain));
    assert.match(plain.stdout, /^<!doctype html>/);
    assert.doesNotMatch(plain.stdout, /id="explain"/, 'without --explain, no section');
    assert.match(plain.stderr, /^compare /m, 'the table goes to stderr when the page is on stdout');
    const report = await runCli(['report', next, '--compare', base, '--explain', '--html', '-']);
    assert.equal(report.code, 0, describeRun(report));
    assert.match(report.stdout, /<a href="#explain">why \(--explain\)<\/a>/);
    assert.match(report.stdout, /<h3 id="x1"><a href="#b\d+">JSON\.parse\(JSON\.stringify\(doc\)\)<\/a>/);
    const alone = await runCli(['report', next, '--explain', '--html', '-']);
    assert.equal(alone.code, 2, describeRun(alone));
    assert.match(linesOf(alone.stderr)[0]!, /^ubench: report: --explain needs --compare <base>/);
  });
});

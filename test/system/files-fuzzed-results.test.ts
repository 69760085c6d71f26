/**
 * Fault suite, files: 200 mutated results files (seeded mutations of real ones: truncated, wrong
 * types, huge arrays, __proto__ keys, control characters and markup in names, NaN-like values,
 * deep nesting) through compare, merge, report, report --html and history. Each must give either a
 * one-line error naming the file (exit 2, no stack trace) or a correct report (exit 0) with no raw
 * control character in what it prints and no markup injected into the HTML. All 200 run through
 * the CLI function in this process (1,000 invocations); the first 20 also as real processes.
 */
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FAST, REPO_ROOT, STACK_LINE, assertValidResults, describeRun, makeTempDir, runCli, type CliRun } from '../helpers/e2e-cli.js';
import { runInProcess } from '../helpers/in-process-cli.js';
import { mutateResults, seededRandom, type Mutation } from '../helpers/results-fuzz.js';

/** Mutated files through every command in this process. */
const FILES = 200;
/** Of those, the first ones also through real processes (each costs a Node start-up). */
const REAL_PROCESS_FILES = 20;
const SEED = 29;

/** Raw characters that could drive a terminal: C0 except newline, DEL, C1, bidi overrides and isolates. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const temp = makeTempDir();
const dir = temp.dir;
let real = '';
const mutations: { file: string; mutation: Mutation }[] = [];

before(async () => {
  // One real results file from a tiny run, and the committed v3/v2/v1 fixtures, as the originals.
  real = path.join(dir, 'real.json');
  const run = await runCli(['test/fixtures/bench/ok', ...FAST, '--no-history', '--json', real], { cwd: REPO_ROOT, killAfterMs: 60_000 });
  assert.equal(run.code, 0, describeRun(run));
  const originals = [real, ...[3, 2, 1].map((v) => path.join(REPO_ROOT, `test/fixtures/results/valid-v${v}.json`))].map((f) => JSON.parse(readFileSync(f, 'utf8')) as unknown);
  const random = seededRandom(SEED);
  for (let i = 0; i < FILES; i++) {
    const mutation = mutateResults(originals[i % originals.length], random);
    const file = path.join(dir, `m${String(i).padStart(3, '0')}.json`);
    writeFileSync(file, mutation.text);
    mutations.push({ file, mutation });
  }
});
after(() => temp.cleanup());

interface Outcome {
  code: number;
  out: string;
  err: string;
}

/** The checks every command's outcome must pass; `label` says which file, mutation and command. */
function checkOutcome(outcome: Outcome, file: string, label: string, html: string | null): void {
  const shown = `${label}\n--- exit ${outcome.code}\n--- stdout\n${outcome.out.slice(0, 1500)}\n--- stderr\n${outcome.err.slice(0, 1500)}`;
  assert.ok(!STACK_LINE.test(outcome.err) && !STACK_LINE.test(outcome.out), `stack trace: ${shown}`);
  assert.ok(!/internal error/.test(outcome.err), `internal error: ${shown}`);
  assert.ok(!RAW_CONTROL.test(outcome.out) && !RAW_CONTROL.test(outcome.err), `raw control character printed: ${shown}`);
  if (outcome.code !== 0) {
    assert.equal(outcome.code, 2, `a bad file is bad input (exit 2): ${shown}`);
    const lines = outcome.err.split('\n').filter((l) => l !== '' && !l.startsWith('ubench: warning:'));
    assert.equal(lines.length, 1, `one error line: ${shown}`);
    assert.ok(lines[0]!.startsWith('ubench: ') && lines[0]!.includes(path.basename(file)), `the error names the file: ${shown}`);
    return;
  }
  if (html !== null) {
    const page = readFileSync(html, 'utf8');
    assert.equal((page.match(/<script/gi) ?? []).length, 2, `only ubench's two script elements: ${label}`);
    // Outside ubench's own two scripts, every tag is ubench's: no foreign element, no event-handler attribute.
    const markup = page.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
    const tags = markup.match(/<[a-zA-Z][^>]*>/g) ?? [];
    const foreign = tags.filter((tag) => /^<(img|svg|iframe|object|embed|script|link|base|form|input|meta http-equiv="refresh")/i.test(tag) || /\son\w+\s*=/i.test(tag));
    assert.deepEqual(foreign, [], `markup injected: ${label}`);
    assert.match(page, /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;/);
  }
}

/** The five commands on one mutated file; `history` reads a runs folder holding it beside a real run. */
function commands(file: string, index: number): { name: string; args: string[]; cwd: string; html: string | null; merged: string | null }[] {
  const cwd = path.join(dir, `h${index}`);
  const runs = path.join(cwd, '.ubench', 'runs');
  if (!existsSync(runs)) {
    mkdirSync(runs, { recursive: true });
    copyFileSync(real, path.join(runs, '2026-01-01T00-00-00.000Z-1.json'));
    copyFileSync(file, path.join(runs, `2026-01-02T00-00-00.000Z-${path.basename(file)}`));
  }
  const html = path.join(dir, `${path.basename(file)}.html`);
  const merged = path.join(dir, `${path.basename(file)}.merged.json`);
  return [
    { name: 'compare', args: ['compare', file, real], cwd: dir, html: null, merged: null },
    { name: 'merge', args: ['merge', file, '--json', merged, '--quiet'], cwd: dir, html: null, merged },
    { name: 'report', args: ['report', file], cwd: dir, html: null, merged: null },
    { name: 'report --html', args: ['report', file, '--html', html], cwd: dir, html, merged: null },
    { name: 'history', args: ['history', '--no-color'], cwd, html: null, merged: null },
  ];
}

function historyNamesFile(outcome: Outcome, file: string): void {
  // A skipped history file is a warning naming it; the report of the other run follows.
  if (outcome.code === 0 && /skipped/.test(outcome.err)) assert.ok(outcome.err.includes(path.basename(file)), `history's warning names the file: ${outcome.err}`);
}

describe('fault suite: mutated results files', () => {
  it(`${FILES} mutated files through compare, merge, report, report --html and history (in process)`, async () => {
    const tally = new Map<string, { ok: number; rejected: number }>();
    for (const [index, { file, mutation }] of mutations.entries()) {
      for (const command of commands(file, index)) {
        rmSync(command.html ?? path.join(dir, 'none'), { force: true });
        const outcome = await runInProcess(command.args, { cwd: command.cwd, env: {} });
        const label = `${path.basename(file)} (${mutation.kind}) through ${command.name}`;
        checkOutcome({ code: outcome.code, out: outcome.out, err: outcome.err }, file, label, command.html);
        if (command.name === 'history') historyNamesFile({ code: outcome.code, out: outcome.out, err: outcome.err }, file);
        if (outcome.code === 0 && command.merged !== null) assertValidResults(JSON.parse(readFileSync(command.merged, 'utf8')), `merged ${label}`);
        const key = `${command.name} ${mutation.kind.split(':')[0]}`;
        const row = tally.get(key) ?? { ok: 0, rejected: 0 };
        if (outcome.code === 0) row.ok++;
        else row.rejected++;
        tally.set(key, row);
      }
    }
    const rejected = [...tally.values()].reduce((sum, r) => sum + r.rejected, 0);
    const accepted = [...tally.values()].reduce((sum, r) => sum + r.ok, 0);
    process.stderr.write(`fuzzed results: ${FILES} files × 5 commands: ${accepted} reports, ${rejected} one-line errors\n`);
    // A fuzzer that damages nothing proves nothing: most mutations must be refused somewhere.
    assert.ok(rejected > FILES, `expected most mutated files to be refused, got ${rejected} refusals`);
  });

  it(`the first ${REAL_PROCESS_FILES} through compare and report --html as real processes`, async () => {
    for (const [index, { file, mutation }] of mutations.slice(0, REAL_PROCESS_FILES).entries()) {
      for (const command of commands(file, index).filter((c) => c.name === 'compare' || c.name === 'report --html')) {
        if (command.html !== null) rmSync(command.html, { force: true });
        const run: CliRun = await runCli(command.args, { cwd: command.cwd, killAfterMs: 60_000 });
        assert.equal(run.signal, null, describeRun(run));
        checkOutcome({ code: run.code ?? -1, out: run.stdout, err: run.stderr }, file, `${path.basename(file)} (${mutation.kind}) through ${command.name}, real process`, command.html);
      }
    }
  });
});

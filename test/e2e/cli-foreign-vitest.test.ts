/**
 * End-to-end: vitest's bench API in full under the CLI (docs/integrations.md): describe.each and
 * bench.each cases under vitest's names, .only/skip/todo/skipIf/runIf choosing what is measured
 * (the rest named on the output), hooks preparing what the bodies read, and `test.globals: true`
 * projects whose files import nothing, read from the config's source or by loading it; without
 * globals (or when they cannot be told) the load error says why.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ResultsFile } from '../../src/results/types.js';
import { describeRun, FAST, makeTempDir, readResults, runCli, STACK_LINE, type CliRun } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());
const DIR = 'test/fixtures/foreign';

/** Every benchmark the fixtures should have measured, by file (under DIR), as group/name. */
const MEASURED: Record<string, string[]> = {
  'vitest-api/each.bench.ts': [
    "'JSON.parse'/small",
    "'JSON.parse'/large",
    "'reviver'/small",
    "'reviver'/large",
    'sort 8 items (few)/copy and sort',
    'sort 64 items (many)/copy and sort',
    "array of 16 ('dense')/fill",
    "array of 256 ('holey')/fill",
    'multiply by 3 (case 0)',
    'multiply by 5 (case 1)',
  ],
  'vitest-api/modes.bench.ts': ['modes/chosen', 'modes/runIf true, only', 'whole describe/one', 'whole describe/two'],
  'vitest-api/conditions.bench.ts': ['kept by skipIf', 'kept describe/inside', 'concurrent/c', 'ordered/s'],
  'vitest-api/hooks.bench.ts': ['lookups/map get', 'file hooks only'],
  'vitest-globals/bench/globals.bench.ts': ['join/Array#join', 'join/reduce'],
  'vitest-globals-loaded/loaded.bench.js': ['numbers/toFixed'],
};

describe('ubench test/fixtures/foreign/vitest-{api,globals,…}', () => {
  let run: CliRun;
  let results: ResultsFile;
  before(async () => {
    const json = path.join(temp.dir, 'vitest.json');
    const dirs = ['vitest-api', 'vitest-globals', 'vitest-globals-loaded', 'vitest-no-globals', 'vitest-globals-unknown'].map((d) => `${DIR}/${d}`);
    // --quick: what is declared and mapped is judged here, not the probes' figures.
    run = await runCli([...dirs, ...FAST, '--quick', '--json', json], { killAfterMs: 300_000 });
    results = readResults(json);
  });

  it('measures every case, chosen bench and globals file under the name vitest gives it', () => {
    const expected = Object.entries(MEASURED)
      .flatMap(([file, names]) => names.map((name) => `${DIR}/${file}#${name}`))
      .sort();
    assert.deepEqual(results.benchmarks.map((b) => b.id).sort(), expected, describeRun(run));
    for (const b of results.benchmarks) assert.equal(b.status, 'ok', `${b.id}: ${JSON.stringify(b.error)}`);
  });

  it('names what vitest would not run, and what means nothing here, in one line per file', () => {
    const notes = run.stderr.split('\n').filter((line) => line.startsWith('ubench: test/fixtures/'));
    const of = (file: string): string[] => notes.filter((line) => line.startsWith(`ubench: ${DIR}/${file}: `)).map((line) => line.slice(`ubench: ${DIR}/${file}: `.length));
    assert.deepEqual(of('vitest-api/modes.bench.ts'), [
      'not measured, as vitest would not run them: "modes/plain" (not .only), "modes/skipped" (skip), "modes/later" (todo), "modes/skipIf true" (skip), "skipped describe/only in skipped" (skip)',
    ]);
    const conditions = of('vitest-api/conditions.bench.ts');
    assert.equal(conditions.length, 2, notes.join('\n'));
    assert.equal(conditions[0], 'not measured, as vitest would not run them: "dropped by runIf" (skip), "dropped describe/inside" (skip), "planned describe" (todo)');
    assert.match(conditions[1]!, /^describe\.concurrent, describe\.sequential, describe\.shuffle: no meaning here, ignored/);
    assert.match(of('vitest-api/hooks.bench.ts').join('\n'), /^beforeAll\/afterAll\/beforeEach\/afterEach run before and after every sample of each benchmark in their describe, untimed/);
    assert.deepEqual(of('vitest-api/each.bench.ts'), []);
  });

  it('says in the load error why a file without imports finds no describe: globals not set, or not known', () => {
    const errors = new Map(results.fileErrors.map((e) => [e.file, e.error.message]));
    assert.equal(errors.size, 2, describeRun(run));
    assert.match(
      errors.get(`${DIR}/vitest-no-globals/plain.bench.js`) ?? '',
      /^ReferenceError: describe is not defined \(test\/fixtures\/foreign\/vitest-no-globals\/vitest\.config\.mjs does not set test\.globals: true, so vitest would not define them either; import them from 'vitest'\)$/,
    );
    assert.match(
      errors.get(`${DIR}/vitest-globals-unknown/unknown.bench.js`) ?? '',
      /^ReferenceError: describe is not defined \(whether test\/fixtures\/foreign\/vitest-globals-unknown\/vite\.config\.ts sets test\.globals: true could not be determined: loading it failed: Cannot find package 'vitest'.*; import them from 'vitest'\)$/,
    );
    assert.doesNotMatch(run.stdout + run.stderr, STACK_LINE);
  });
});

describe('a vitest file loaded by several processes', () => {
  it('gets its note once: every process of the file sends it, and the run says each once', async () => {
    // Two forks load the file twice (a pass after timing may load it again).
    const run = await runCli([`${DIR}/vitest-api/modes.bench.ts`, '--forks', '2', ...FAST], { killAfterMs: 120_000 });
    assert.equal(run.code, 0, describeRun(run));
    const notes = run.stderr.split('\n').filter((line) => line.startsWith(`ubench: ${DIR}/vitest-api/modes.bench.ts: not measured`));
    assert.equal(notes.length, 1, describeRun(run));
    assert.doesNotMatch(run.stdout, /not measured, as vitest/);
  });
});

/**
 * End-to-end: `--instructions` under Debian's valgrind (installed by `.ci/run`; without it the
 * counting is NOT tested, loudly), `compare --metric instructions`, and the one-line errors.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ResultsFile } from '../../src/results/types.js';
import { describeRun, FAST, makeTempDir, readResults, runCli, type CliRun } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());
const FILE = 'test/fixtures/bench/instructions/counted.bench.ts';
const withValgrind = spawnSync('valgrind', ['--version']).status === 0;
if (!withValgrind) process.stderr.write('\n!!! cli-instructions: no valgrind: --instructions is NOT tested (apt-get install valgrind)\n\n');

describe('ubench --instructions', { skip: !withValgrind }, () => {
  const jsonPath = path.join(temp.dir, 'counted.json');
  let run: CliRun;
  let results: ResultsFile;

  before(async () => {
    run = await runCli([FILE, ...FAST, '--instructions', '--json', jsonPath]);
    results = readResults(jsonPath);
  });

  it('counts instructions per operation of the optimized loop, with an interval, and says how', () => {
    assert.equal(run.code, 0, describeRun(run));
    const chain = results.benchmarks.find((b) => b.baseName === 'chain 256')!.instructions!;
    const empty = results.benchmarks.find((b) => b.baseName === 'empty')!.instructions!;
    assert.equal(chain.status, 'measured', JSON.stringify(chain));
    // ~11 instructions a step (imul, xor, shift, add, or, compare, branch, …): far more than the empty loop.
    assert.ok(chain.perOp! > 256 * 4 && chain.perOp! < 256 * 40, String(chain.perOp));
    assert.ok(chain.ciLower! <= chain.perOp! && chain.perOp! <= chain.ciUpper!);
    assert.ok((chain.ciUpper! - chain.ciLower!) / chain.perOp! < 0.01, `a count is tight: ${JSON.stringify(chain)}`);
    assert.ok(empty.perOp! > 0 && empty.perOp! < 40, `the empty loop's own handful: ${empty.perOp}`);
    assert.equal(chain.processes, 1);
    assert.ok(chain.flags.includes('--single-threaded') && /callgrind \(valgrind-/.test(chain.tool), JSON.stringify(chain));
    assert.equal(results.settings.instructions, true);
    assert.match(run.stdout, /instr\/op/);
    assert.match(run.stdout, /counts, not time/);
  });

  it('compares two runs on instructions: unchanged code is not called a change', async () => {
    const second = path.join(temp.dir, 'counted-2.json');
    const secondRun = await runCli([FILE, ...FAST, '--instructions', '--json', second]);
    for (const b of readResults(second).benchmarks) assert.equal(b.instructions?.status, 'measured', `${b.name}: ${JSON.stringify(b.instructions)}\n${describeRun(secondRun)}`);
    const compared = await runCli(['compare', jsonPath, second, '--metric', 'instructions']);
    assert.equal(compared.code, 0, describeRun(compared));
    assert.match(compared.stdout, /instructions per op/);
    assert.match(compared.stdout, /base instr\/op/);
    assert.doesNotMatch(compared.stdout, /\bslower\b|\bfaster\b/, compared.stdout);
  });

  it('counts again, instrumented from the start, when callgrind_control cannot reach the process; the counts agree', async () => {
    // A valgrind beside a callgrind_control that answers --version but cannot switch anything (as where vgdb may not ptrace).
    const tools = path.join(temp.dir, 'tools');
    mkdirSync(tools);
    writeFileSync(path.join(tools, 'valgrind'), '#!/bin/sh\nexec valgrind "$@"\n', { mode: 0o755 });
    writeFileSync(path.join(tools, 'callgrind_control'), '#!/bin/sh\n[ "$1" = --version ] && { echo callgrind_control-test; exit 0; }\necho "vgdb error: cannot attach" >&2\nexit 1\n', {
      mode: 0o755,
    });
    const json = path.join(temp.dir, 'fallback.json');
    const fallback = await runCli([FILE, ...FAST, '--instructions', '--json', json], { env: { UBENCH_VALGRIND: path.join(tools, 'valgrind') } });
    assert.equal(fallback.code, 0, describeRun(fallback));
    const chain = (r: ResultsFile) => r.benchmarks.find((b) => b.baseName === 'chain 256')!.instructions!;
    assert.equal(chain(readResults(json)).status, 'measured', JSON.stringify(chain(readResults(json))));
    // The first run switched instrumentation on before its regions; this one ran instrumented throughout.
    assert.ok(Math.abs(chain(readResults(json)).perOp! / chain(results).perOp! - 1) < 0.005, `${chain(readResults(json)).perOp} vs ${chain(results).perOp}`);
  });
});

describe('--instructions on an async body, beside a worker thread', { skip: !withValgrind }, () => {
  it("counts the async body's main-thread instructions tightly though a worker started at load runs beside it; a worker round trip counts the messaging", async () => {
    const json = path.join(temp.dir, 'async-and-worker.json');
    const run = await runCli(['test/fixtures/bench/instructions/async-and-worker.bench.ts', ...FAST, '--instructions', '--json', json]);
    assert.equal(run.code, 0, describeRun(run));
    const byName = new Map(readResults(json).benchmarks.map((b) => [b.baseName, b.instructions!]));
    const asyncChain = byName.get('async chain 256')!;
    assert.equal(asyncChain.status, 'measured', JSON.stringify(asyncChain));
    // Counted with the worker's start-up in whichever region it fell, this read ±546%.
    assert.ok((asyncChain.ciUpper! - asyncChain.ciLower!) / asyncChain.perOp! < 0.01, JSON.stringify(asyncChain));
    assert.ok(asyncChain.perOp! > 256 * 4, JSON.stringify(asyncChain));
    assert.equal(byName.get('worker round trip')!.status, 'measured', JSON.stringify(byName.get('worker round trip')));
  });
});

describe('--instructions and --metric errors', () => {
  it('names the package when valgrind is missing, before measuring', async () => {
    const missing = await runCli([FILE, ...FAST, '--instructions'], { env: { UBENCH_VALGRIND: '/nonexistent/valgrind' } });
    assert.equal(missing.code, 2, describeRun(missing));
    assert.match(missing.stderr, /--instructions needs valgrind: .*apt-get install valgrind/);
    assert.equal(missing.stderr.trim().split('\n').length, 1, missing.stderr);
  });

  it('refuses --metric instructions on a run that does not count, and an unknown metric', async () => {
    const noCount = await runCli([FILE, ...FAST, '--compare', FILE, '--metric', 'instructions']);
    assert.equal(noCount.code, 2, describeRun(noCount));
    const unknown = await runCli(['compare', 'a.json', 'b.json', '--metric', 'cycles']);
    assert.equal(unknown.code, 2, describeRun(unknown));
    assert.match(unknown.stderr, /--metric: expected time or instructions, got "cycles"|a\.json/);
  });
});

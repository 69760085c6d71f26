/**
 * End-to-end: the profiling passes. Hot-function ranking, hot lines, the saved .cpuprofile, a
 * deoptimization with V8's reason, and the measured loop's machine code with (where perf works)
 * instruction-level samples; without perf the code is still shown and the reason given.
 */
import assert from 'node:assert/strict';
import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BenchmarkResult, ResultsFile } from '../../src/results/types.js';
import { perfUnavailable } from '../../src/profiling/perf-samples.js';
import { makeTempDir, REPO_ROOT, runCli, type CliRun } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());
const SHORT = ['--time', '300ms', '--warmup', '300ms'];

/** The first `bytes` bytes of a file, as UTF-8. */
function fileStart(file: string, bytes: number): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

async function profiled(file: string, extra: string[], env?: NodeJS.ProcessEnv, budget: readonly string[] = SHORT): Promise<{ run: CliRun; byName: Map<string, BenchmarkResult> }> {
  const json = path.join(temp.dir, `${path.basename(file)}-${extra.join('')}.json`);
  const run = await runCli([file, ...budget, '--profile-dir', path.join(temp.dir, 'profiles'), '--json', json, ...extra], env === undefined ? {} : { env });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const results = JSON.parse(readFileSync(json, 'utf8')) as ResultsFile;
  return { run, byName: new Map(results.benchmarks.map((b) => [b.name, b])) };
}

describe('--profile and --disasm on helpers with 1:2:6 work', () => {
  let run: CliRun;
  let helpers: BenchmarkResult;
  before(async () => {
    const result = await profiled('test/fixtures/bench/profile/helpers.bench.ts', ['--profile', '--disasm', '--filter', 'helpers']);
    run = result.run;
    helpers = result.byName.get('helpers 1:2:6')!;
  });

  it('tells a CI log (piped stderr) when each pass starts on the benchmark', () => {
    assert.match(run.stderr, /^\[CPU profile\] .*helpers 1:2:6$/m, run.stderr);
    assert.match(run.stderr, /^\[machine code\] .*helpers 1:2:6$/m, run.stderr);
  });

  it('ranks the heavy helper first and the three helpers 6 > 2 > 1, though all were inlined into the loop', () => {
    const hot = helpers.profile.hot!;
    assert.equal(hot[0]?.function, 'heavy', JSON.stringify(hot));
    const share = (name: string): number => hot.find((h) => h.function === name)?.selfPercent ?? 0;
    assert.ok(share('heavy') > share('medium') && share('medium') > share('light') && share('light') > 0, JSON.stringify(hot));
    assert.ok(share('heavy') > 2 * share('medium'), JSON.stringify(hot));
    assert.match(hot[0]!.location ?? '', /^test\/fixtures\/bench\/profile\/helpers\.bench\.ts:16:1$/);
    assert.equal(hot[0]!.inlinedInto, 'measured loop for helpers 1:2:6');
    assert.equal(helpers.profile.cpu?.status, 'measured');
    assert.ok(helpers.profile.cpu!.sampleCount > 100, `${helpers.profile.cpu!.sampleCount} samples`);
  });

  it("annotates the benchmark's own source lines, hottest being the heavy loop", () => {
    const lines = helpers.profile.lines!;
    const hottest = [...lines].sort((a, b) => b.percent - a.percent)[0]!;
    assert.equal(hottest.line, 18);
    assert.equal(hottest.text, 'for (let i = 0; i < 60; i++) a += Math.sqrt(x + i);');
    assert.deepEqual(
      lines.map((l) => l.line),
      [...lines.map((l) => l.line)].sort((a, b) => a - b),
    );
  });

  it('saves a .cpuprofile that DevTools can open', () => {
    const file = helpers.profile.cpuprofile!;
    const absolute = path.isAbsolute(file) ? file : path.join(REPO_ROOT, file);
    assert.ok(existsSync(absolute), file);
    const profile = JSON.parse(readFileSync(absolute, 'utf8')) as { nodes: unknown[]; samples: number[]; startTime: number };
    assert.ok(profile.nodes.length > 0 && profile.samples.length > 0 && profile.startTime > 0);
  });

  it('records the tier of the loop and of the benchmark function', () => {
    const tier = helpers.profile.tier!;
    assert.equal(tier.target, 'loop');
    assert.equal(tier.afterSampling.tier, 'turbofan');
    assert.ok(tier.body !== null && tier.body.afterSampling.status > 0);
  });

  it("shows the measured loop's machine code with the helpers' square roots in it", () => {
    const d = helpers.profile.disasm!;
    assert.equal(d.status, 'done', d.reason ?? '');
    assert.ok(d.loop !== null && d.instructions.length > 0);
    assert.ok(
      d.instructions.some((i) => /sqrtsd/.test(i.text)),
      d.instructions.map((i) => i.text).join('\n'),
    );
    assert.ok((d.codeFile !== null && existsSync(path.join(REPO_ROOT, d.codeFile))) || existsSync(d.codeFile ?? ''), `${d.codeFile}`);
  });

  it('annotates the hot instructions with perf samples when perf works here', { skip: perfUnavailable() ?? false }, () => {
    const d = helpers.profile.disasm!;
    assert.equal(d.annotationNote, null);
    assert.ok(d.perfSampleCount! > 100, `${d.perfSampleCount} samples`);
    const inLoop = d.instructions.reduce((a, i) => a + (i.percent ?? 0), 0);
    assert.ok(Math.abs(inLoop - d.loopPercent!) < 1e-6);
    assert.ok(d.loopPercent! > 50, `${d.loopPercent}% in the loop`);
    assert.match(d.native[0]?.symbol ?? '', /^measured loop for helpers 1:2:6 \(JIT\)$/);
  });

  it('prints the profile in the terminal report', () => {
    for (const text of [
      'profile of helpers 1:2:6',
      'hot functions',
      'heavy test/fixtures/bench/profile/helpers.bench.ts:16:1',
      'hot lines',
      'CPU profile: ',
      'machine code of the measured loop',
      'JIT tier: measured loop turbofan',
    ]) {
      assert.ok(run.stdout.includes(text), `missing "${text}" in:\n${run.stdout}`);
    }
  });
});

describe('--disasm without perf', () => {
  it('still shows the loop, unannotated, and says why', async () => {
    const { byName } = await profiled('test/fixtures/bench/profile/helpers.bench.ts', ['--disasm', '--filter', 'sort'], { UBENCH_PERF: '/nonexistent/perf' });
    const d = byName.get('sort copy')!.profile.disasm!;
    assert.equal(d.status, 'done', d.reason ?? '');
    assert.match(d.annotationNote ?? '', /\/nonexistent\/perf is not installed/);
    assert.ok(d.instructions.length > 0 && d.instructions.every((i) => i.percent === null));
    assert.ok(
      d.instructions.some((i) => /ArrayPrototypeSort/.test(i.text)),
      'the loop calls the sort built-in',
    );
    assert.equal(byName.get('sort copy')!.profile.cpu, null, 'no CPU profile without --profile');
  });
});

describe('deoptimization reported with its reason', () => {
  it("records V8's reason and a location in the bench file when the input type changes mid-run", async () => {
    const { byName, run } = await profiled('test/fixtures/bench/profile/deopt.bench.ts', ['--profile']);
    const deopts = byName.get('type changes after 3M calls')!.profile.deopts;
    const ours = deopts.filter((d) => /deopt\.bench\.ts:\d+:\d+$/.test(d.location ?? '') && d.reason !== '');
    assert.ok(ours.length > 0, JSON.stringify(deopts));
    assert.match(run.stdout, /^ {4}deopts: [1-9]\d*$/m);
    assert.match(run.stdout, /^ {6}\S.* deopt-\w+ at test\/fixtures\/bench\/profile\/deopt\.bench\.ts:\d+:\d+/m);
  });
});

describe('--profile and --disasm on manual and async loops', () => {
  it('profiles both, disassembles the async loop, and says why a manual loop has no generated loop', async () => {
    const { byName } = await profiled('test/fixtures/bench/ok/quick.bench.ts', ['--profile', '--disasm', '--filter', 'manual|async']);
    const manual = byName.get('manual loop')!.profile;
    assert.equal(manual.cpu?.status, 'measured');
    assert.equal(manual.tier?.target, 'body');
    assert.equal(manual.disasm?.status, 'unavailable');
    assert.match(manual.disasm?.reason ?? '', /manual-loop benchmark runs its own loop/);
    assert.ok(
      manual.lines?.some((l) => l.text === 'for (let i = 0; i < b.n; i++) total += i;'),
      JSON.stringify(manual.lines),
    );
    const async = byName.get('async tick')!.profile;
    assert.equal(async.cpu?.status, 'measured');
    assert.equal(async.disasm?.status, 'done', async.disasm?.reason ?? '');
    assert.ok(async.disasm!.instructions.length > 0);
  });
});

describe('--heap-snapshot', () => {
  it('writes a heap snapshot per benchmark, in a process each: the one that keeps its log alive holds more', async () => {
    // 80 ms budgets: the growing log's snapshot 3–5× the other's, where 300 ms gave it a million calls and 120 MiB to write.
    const { run, byName } = await profiled('test/fixtures/bench/heap-snapshot/retains.bench.ts', ['--heap-snapshot'], undefined, ['--time', '80ms', '--warmup', '80ms']);
    assert.match(run.stderr, /^\[heap snapshot\] .*appends to a module-level log$/m, run.stderr);
    const sizes = new Map<string, number>();
    for (const [name, b] of byName) {
      const file = b.profile.files?.find((f) => f.pass === '--heap-snapshot');
      assert.ok(file?.path != null, `${name}: ${JSON.stringify(b.profile.files)}`);
      const absolute = path.resolve(REPO_ROOT, file.path);
      assert.ok(existsSync(absolute), absolute);
      // The start only: the leaking benchmark's snapshot can pass the 512 MiB a string may hold.
      assert.match(fileStart(absolute, 20), /^\{"snapshot":/);
      sizes.set(name, file.bytes!);
      assert.match(file.note ?? '', /^heap .+ after [\d,]+ iterations$/);
    }
    assert.ok(sizes.get('appends to a module-level log')! > 2 * sizes.get('sums a small array')!, JSON.stringify([...sizes]));
    assert.match(run.stdout, /heap snapshot: .*\.heapsnapshot \(/);
  });
});

describe('--coverage', () => {
  it('writes the block counts of the user file per benchmark: the branches a benchmark never takes are counted as never run', async () => {
    const { run, byName } = await profiled('test/fixtures/bench/coverage/branches.bench.ts', ['--coverage']);
    assert.match(run.stderr, /^\[coverage\] .*positive inputs only$/m, run.stderr);
    const neverRun = new Map<string, number>();
    for (const [name, b] of byName) {
      const file = b.profile.files?.find((f) => f.pass === '--coverage');
      assert.ok(file?.path != null, `${name}: ${JSON.stringify(b.profile.files)}`);
      const coverage = JSON.parse(readFileSync(path.resolve(REPO_ROOT, file.path), 'utf8')) as { result: { url: string; functions: { functionName: string; ranges: { count: number }[] }[] }[] };
      assert.deepEqual(
        coverage.result.map((s) => path.basename(s.url)),
        ['branches.bench.ts'],
        'only the user file, not ubench',
      );
      const classify = coverage.result[0]!.functions.find((f) => f.functionName === 'classify');
      assert.ok(classify !== undefined, JSON.stringify(coverage.result[0]!.functions.map((f) => f.functionName)));
      neverRun.set(name, classify.ranges.filter((r) => r.count === 0).length);
      assert.match(file.note ?? '', /^\d+ of \d+ blocks never ran \(1 file, [\d,]+ iterations\)$/);
    }
    assert.equal(neverRun.get('positive inputs only'), 2, 'the negative and zero branches');
    assert.equal(neverRun.get('inputs of every sign'), 0);
    assert.match(run.stdout, /block coverage: .*\.coverage\.json \(/);
  });
});

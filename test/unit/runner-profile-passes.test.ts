import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planReplay } from '../../src/runner/passes/replay-plan.js';
import { childCommand, passFlags } from '../../src/runner/runtimes/launch-plan.js';
import { ProfileFiles } from '../../src/runner/passes/profile-files.js';
import { renderTerminalReport } from '../../src/report/terminal-report.js';
import { fullResults } from '../fixtures/results/full-results.js';
import { syntheticResult } from '../helpers/synthetic-result.js';
import type { BenchmarkResult } from '../../src/results/types.js';

describe('planReplay: the profiling passes replay the timing samples', () => {
  const ok = syntheticResult({ perOp: [10, 10, 10, 10], baseIterations: 1000 }); // 4 samples of ~10 µs
  it('replays the samples in order while they fit the time budget', () => {
    const plan = planReplay([ok], 11_500); // 500 and 600 iterations at 10 ns fit; 700 more do not
    assert.deepEqual(
      plan.samples?.[ok.id],
      ok.samples.slice(0, 2).map((s) => s.iterations),
    );
    assert.deepEqual(
      planReplay([ok], 1e9).samples?.[ok.id],
      ok.samples.map((s) => s.iterations),
    );
  });
  it('always replays at least one sample', () => {
    assert.equal(planReplay([ok], 1).samples?.[ok.id]?.length, 1);
  });
  it('skips benchmarks without a timing result', () => {
    const failed: BenchmarkResult = { ...ok, id: 'f.bench.ts#bad', status: 'error', estimate: null, samples: [] };
    const plan = planReplay([failed], 1e9);
    assert.equal(plan.samples, null);
    assert.match(plan.skipped.get('f.bench.ts#bad') ?? '', /no timing result/);
  });
});

describe('profile files', () => {
  const files = new ProfileFiles('/w/.ubench/profiles', new Date('2026-01-02T03:04:05.678Z'), '/w');
  it('puts a run in a folder named after its start, one safe file name per benchmark', () => {
    assert.equal(files.folder, '/w/.ubench/profiles/2026-01-02T03-04-05-678Z');
    assert.equal(files.pathFor('bench/a.bench.ts#sort(size=10)', '.cpuprofile'), `${files.folder}/bench-a.bench.ts-sort-size=10.cpuprofile`);
    assert.equal(files.pathFor('bench/a.bench.ts#sort(size=10)', '.cpuprofile'), `${files.folder}/bench-a.bench.ts-sort-size=10.cpuprofile`, 'stable');
  });
  it('keeps names unique when two ids clean up alike', () => {
    assert.equal(files.pathFor('x#a b', '.asm'), `${files.folder}/x-a-b.asm`);
    assert.equal(files.pathFor('x#a/b', '.asm'), `${files.folder}/x-a-b-2.asm`);
  });
  it('shows paths relative to the working directory', () => {
    assert.equal(files.display('/w/.ubench/profiles/r/x.asm'), '.ubench/profiles/r/x.asm');
    assert.equal(files.display('/elsewhere/x.asm'), '/elsewhere/x.asm');
  });
});

describe("the profiling passes' processes", () => {
  it("prints only the generated loops' code, to a file, with perf names for JIT code when perf records", () => {
    const flags = passFlags({ kind: 'disasm', samples: {}, codeFile: '/tmp/c.txt', perfData: '/tmp/p.data' });
    assert.deepEqual(flags, ['--print-opt-code', '--print-opt-code-filter=ubench_loop_*', '--redirect-code-traces', '--redirect-code-traces-to=/tmp/c.txt', '--perf-basic-prof']);
    assert.ok(!passFlags({ kind: 'disasm', samples: {}, codeFile: '/tmp/c.txt', perfData: null }).includes('--perf-basic-prof'));
  });
  it('runs node under perf record only for an annotated disassembly', () => {
    const under = childCommand({ kind: 'disasm', samples: {}, codeFile: '/c', perfData: '/p' }, ['x.js']);
    assert.equal(under.command, 'perf');
    assert.deepEqual(under.args.slice(-3), ['--', process.execPath, 'x.js']);
    assert.deepEqual(childCommand({ kind: 'cpu-profile', samples: {}, outFiles: {}, top: 10 }, ['x.js']), { command: process.execPath, args: ['x.js'] });
  });
  it('loads TypeScript for the CPU profile as for timing (no loader of its own: the code profiled is the code timed)', () => {
    assert.deepEqual(passFlags({ kind: 'cpu-profile', samples: {}, outFiles: {}, top: 10 }), []);
  });
});

describe('the profile in the terminal report', () => {
  const text = renderTerminalReport(fullResults, { color: false, width: 200 });
  it('prints tier, deopts, hot functions, hot lines, the saved profile and the annotated loop', () => {
    for (const expected of [
      'profile of sha256(algo=sha256,hex=true,salt=null)',
      "JIT tier: measured loop turbofan after warm-up → turbofan (deoptimized before) at the end; benchmark function hash: interpreted after warm-up and at the end (its own code only: where V8 inlined it into the loop, the loop's tier applies)",
      'deopts: 1',
      'not a Smi deopt-eager at bench/hash.bench.ts:12:7 (inlined at unknown:7:23) during sampling',
      ' 61.2%  mix bench/hash.bench.ts:3:1 inlined into measured loop for hash',
      '     4 │ 55.0%  h = Math.imul(h ^ c, 16777619);',
      'CPU profile: .ubench/profiles/2025-06-01T12-00-00/hash.bench.ts-hash.cpuprofile',
      "machine code of the measured loop (ubench_loop_3, TurboFan; loop at +0xc0..+0xea, 99.8% of perf's 2204 samples in the loop)",
      ' 12.5%     c0: cmpl r9,r8',
      ' 99.8%  ubench_loop_3 (JIT)',
    ])
      assert.ok(text.includes(expected), `missing ${JSON.stringify(expected)} in:\n${text}`);
  });
  it('prints nothing about profiles for benchmarks the passes did not run on', () => {
    const plain = renderTerminalReport({ ...fullResults, benchmarks: fullResults.benchmarks.slice(1) }, { color: false, width: 200 });
    assert.ok(!plain.includes('profile of'), plain);
  });
});

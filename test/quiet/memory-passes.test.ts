/**
 * End-to-end: the memory passes after timing — GC cost by elimination (`--gc-cost`), allocation
 * sites (`--alloc-sites`) — and memory baselines (`--baseline`). Byte counts are asserted (they do not
 * depend on the host's speed); the GC cost only as plumbing: the GC-free samples really were GC-free,
 * the figures are there with CIs around them, and the verdict follows from them. Whether GC's ~25%
 * of `new Array(32)` comes out significant compares two processes, which a step or burst of the host
 * between them can hide: that is measured and reported by `npm run lab -- harness`, and the verdict
 * rule is tested on synthetic samples in test/unit/memory-passes.test.ts. In test/quiet (one file at
 * a time) because it measures.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BenchmarkResult, GcCost, ResultsFile } from '../../src/results/types.js';
import { GC_COST_NOISE_SHARE } from '../../src/analysis/gc-cost.js';
import { INLINED_BODY } from '../../src/engine/passes/alloc-sites/alloc-site-profile.js';
import { assertValidResults, makeTempDir, runCli } from '../helpers/e2e-cli.js';

/** The figures of a measured GC cost: finite, each point estimate inside its CI. */
function assertGcFigures(cost: GcCost): void {
  const what = JSON.stringify({ noGc: cost.noGc, overhead: cost.overhead });
  const noGc = cost.noGc!;
  assert.ok(noGc.nsPerOp > 0 && noGc.ciLower <= noGc.nsPerOp && noGc.nsPerOp <= noGc.ciUpper, what);
  const o = cost.overhead!;
  for (const v of [o.nsPerOp, o.ciLower, o.ciUpper, o.share, o.shareCiLower, o.shareCiUpper]) assert.ok(Number.isFinite(v), what);
  assert.ok(o.ciLower <= o.nsPerOp && o.nsPerOp <= o.ciUpper, what);
  assert.ok(o.shareCiLower <= o.share && o.share <= o.shareCiUpper, what);
}

const temp = makeTempDir();
after(() => temp.cleanup());
const FIXTURE = 'test/fixtures/bench/gc-cost';
const json = path.join(temp.dir, 'passes.json');

describe('--gc-cost and --alloc-sites', () => {
  let results: ResultsFile;
  let byName: Map<string, BenchmarkResult>;
  let stdout = '';
  before(async () => {
    const run = await runCli([FIXTURE, '--gc-cost', '--alloc-sites', '--time', '300ms', '--warmup', '300ms', '--json', json]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    stdout = run.stdout;
    results = JSON.parse(readFileSync(json, 'utf8')) as ResultsFile;
    byName = new Map(results.benchmarks.map((b) => [b.name, b]));
  });

  it('writes a results file valid against the schema, with the passes recorded in the settings', () => {
    assertValidResults(results);
    assert.equal(results.settings.gcCost, true);
    assert.equal(results.settings.allocSites, true);
  });

  it('eliminates GC for an allocating body: no GC in the GC-free samples, the overhead with its CI and a verdict that follows from it', () => {
    const cost = byName.get('new Array(32)')!.memory!.gcCost!;
    assert.equal(cost.status, 'measured', cost.reason ?? '');
    assert.equal(cost.gcCountInSamples, 0);
    assert.ok(cost.maxIterationsPerSample! * 304 <= 8 * 1024 * 1024 + 304);
    assert.ok(cost.samples.length > 0 && cost.samples.every((s) => s.iterations <= cost.maxIterationsPerSample!));
    assertGcFigures(cost);
    // Allocating: significant exactly when the share's CI excludes 0 and the share passes the noise band.
    const o = cost.overhead!;
    assert.equal(o.significant, (o.shareCiLower > 0 || o.shareCiUpper < 0) && Math.abs(o.share) >= GC_COST_NOISE_SHARE, JSON.stringify(o));
  });

  it('never calls a GC cost significant in a body that allocates nothing', () => {
    const cost = byName.get('int sum')!.memory!.gcCost!;
    assert.equal(cost.status, 'measured', cost.reason ?? '');
    assert.equal(cost.maxIterationsPerSample, null);
    assertGcFigures(cost);
    assert.equal(cost.overhead!.significant, false);
  });

  it('attributes allocation to the inlined body or the built-in that made it, with the sampled total near the exact bytes/op', () => {
    for (const [name, top, callers] of [
      ['new Array(32)', INLINED_BODY, []],
      ["'x'.repeat(100)", 'repeat (built-in)', ['measured loop']],
    ] as const) {
      const memory = byName.get(name)!.memory!;
      const sites = memory.allocationSites!;
      assert.equal(sites.status, 'measured');
      assert.equal(sites.sites[0]!.function, top);
      assert.deepEqual(sites.sites[0]!.callers, callers);
      assert.ok(sites.sites[0]!.share > 0.9);
      assert.ok(Math.abs(sites.sampledBytesPerOp - memory.bytesPerOp) / memory.bytesPerOp < 0.1, `${name}: ${sites.sampledBytesPerOp} vs ${memory.bytesPerOp}`);
    }
    assert.equal(byName.get('int sum')!.memory!.allocationSites!.status, 'skipped');
  });

  it('shows both in the terminal report', () => {
    assert.match(stdout, /GC cost by elimination/);
    const verdict = byName.get('new Array(32)')!.memory!.gcCost!.overhead!.significant ? 'significant' : '~ \\(within noise\\)';
    assert.match(stdout, new RegExp(`new Array\\(32\\) .* ${verdict}`));
    assert.match(stdout, /int sum .* ~ \(allocates nothing\)/);
    assert.match(stdout, /allocation sites/);
    assert.match(stdout, /repeat \(built-in\) ← measured loop/);
  });
});

describe('--baseline: memory needs held to an earlier run', () => {
  it('warns (and fails with --strict) when bytes/op grew beyond the baseline', async () => {
    const base = JSON.parse(readFileSync(json, 'utf8')) as ResultsFile;
    for (const b of base.benchmarks) {
      if (b.memory !== null) b.memory = { ...b.memory, bytesPerOp: b.memory.bytesPerOp / 2, readings: b.memory.readings.map((r) => r / 2) };
    }
    const basePath = path.join(temp.dir, 'smaller.json');
    writeFileSync(basePath, JSON.stringify(base));
    const run = await runCli([FIXTURE, '--filter', 'Array', '--time', '30ms', '--warmup', '30ms', '--baseline', basePath, '--strict']);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stdout, /memory grew against the baseline .*smaller\.json: heap bytes\/op 304(\.\d)? B, up from 152(\.\d)? B/);
  });

  it('stays quiet against a baseline with the same allocation', async () => {
    const run = await runCli([FIXTURE, '--filter', 'Array', '--time', '30ms', '--warmup', '30ms', '--baseline', json]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.doesNotMatch(run.stdout, /memory grew/);
  });

  it('rejects a missing baseline or a bad name in one line, exit 2, before measuring', async () => {
    const missing = await runCli([FIXTURE, '--baseline', 'nosuch']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /^ubench: cannot read results file .*\.ubench\/baselines\/nosuch\.json: no such file\n$/);
    const bad = await runCli([FIXTURE, '--baseline', 'two words']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /^ubench: --baseline: "two words" is neither/);
  });
});

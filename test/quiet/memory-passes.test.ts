/**
 * End-to-end: the memory passes after timing — GC cost by elimination (`--gc-cost`), allocation
 * sites (`--alloc-sites`) — and memory baselines (`--baseline`). Figures are asserted as relations
 * and verdicts, never as times. In test/quiet (one file at a time): the GC cost compares two
 * processes, which other tests competing for the two cores would skew.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BenchmarkResult, ResultsFile } from '../../src/results/types.js';
import { INLINED_BODY } from '../../src/engine/alloc-site-profile.js';
import { assertValidResults, makeTempDir, runCli } from '../helpers/e2e-cli.js';

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

  it('eliminates GC for an allocating body: no GC in the GC-free samples, a positive overhead with its CI', () => {
    const cost = byName.get('new Array(32)')!.memory!.gcCost!;
    assert.equal(cost.status, 'measured', cost.reason ?? '');
    assert.equal(cost.gcCountInSamples, 0);
    assert.ok(cost.maxIterationsPerSample! * 304 <= 8 * 1024 * 1024 + 304);
    assert.ok(cost.samples.every((s) => s.iterations <= cost.maxIterationsPerSample!));
    const o = cost.overhead!;
    assert.ok(o.ciLower > 0 && o.nsPerOp > o.ciLower && o.nsPerOp < o.ciUpper, JSON.stringify(o));
    assert.ok(o.shareCiLower > 0, JSON.stringify(o));
    assert.equal(o.significant, true);
  });

  it('finds no GC cost in a body that allocates nothing', () => {
    const cost = byName.get('int sum')!.memory!.gcCost!;
    assert.equal(cost.status, 'measured', cost.reason ?? '');
    assert.equal(cost.maxIterationsPerSample, null);
    assert.equal(cost.overhead!.significant, false);
    // Two processes differ by up to ~10% here usually, 26% once (JIT and host luck, measured in a
    // clean-clone run): the bound only catches a GC-free run that is broken outright.
    assert.ok(Math.abs(cost.overhead!.share) < 0.5, JSON.stringify(cost.overhead));
  });

  it('attributes allocation to the inlined body or the built-in that made it, with the sampled total near the exact bytes/op', () => {
    for (const [name, top, callers] of [['new Array(32)', INLINED_BODY, []], ["'x'.repeat(100)", 'repeat (built-in)', ['measured loop']]] as const) {
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
    assert.match(stdout, /new Array\(32\) .* significant/);
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

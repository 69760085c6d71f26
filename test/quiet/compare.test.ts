/**
 * `ubench compare` on real runs (timing-sensitive, so quiet): the plumbing of --forks runs, the
 * comparison and its CI gate, on an effect no movement of the host can hide (the same benchmark
 * doing 10× the work). How often compare calls a change between runs of unchanged code, and how
 * small a change it finds, are figures of the machine: `npm run lab -- compare-power` measures them.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { makeTempDir, runCli } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
after(() => temp.cleanup());
const FIXTURE = 'test/fixtures/bench/compare/work.bench.ts';
/** Ten times the base's 200 steps: a change no step or burst of the host's speed can hide. */
const HEAVIER = 2000;

async function run(name: string, work: number): Promise<string> {
  const json = path.join(temp.dir, `${name}.json`);
  const result = await runCli([FIXTURE, '--forks', '4', '--time', '150ms', '--warmup', '200ms', '--json', json], { env: { UBENCH_FIXTURE_WORK: String(work) } });
  assert.equal(result.code, 0, result.stdout + result.stderr);
  return json;
}

interface CompareJson {
  rows: { name: string; verdict: string; change: number; unit: string; baseN: number }[];
}

async function compare(base: string, next: string): Promise<{ stdout: string; json: CompareJson }> {
  const out = path.join(temp.dir, `cmp-${path.basename(base)}-${path.basename(next)}`);
  const result = await runCli(['compare', base, next, '--json', out]);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  return { stdout: result.stdout, json: JSON.parse(readFileSync(out, 'utf8')) as CompareJson };
}

describe('compare on real runs with --forks 4', () => {
  let base: string;
  let heavier: string;
  before(async () => {
    base = await run('base', 200);
    heavier = await run('heavier', HEAVIER);
  });

  it('fails a CI gate on the regression, naming it, and passes a file compared with itself', async () => {
    const failing = await runCli(['compare', base, heavier, '--fail-on-regression', '10%']);
    assert.equal(failing.code, 1, failing.stdout + failing.stderr);
    assert.match(failing.stderr, /^ubench: --fail-on-regression 10%: 1 benchmark slower by more than that: weighted sum \(\+\d+\.\d%/);
    const passing = await runCli(['compare', base, base, '--fail-on-regression', '10%']);
    assert.equal(passing.code, 0, passing.stdout + passing.stderr);
  });

  it('compares inline after a run with --compare, gating it the same way', async () => {
    const inline = await runCli([FIXTURE, '--time', '150ms', '--warmup', '200ms', '--compare', base, '--fail-on-regression', '10%'], { env: { UBENCH_FIXTURE_WORK: String(HEAVIER) } });
    assert.equal(inline.code, 1, inline.stdout + inline.stderr);
    assert.match(inline.stdout, /compare .*base\.json → this run/);
    assert.match(inline.stdout, /weighted sum .* slower/);
    assert.match(inline.stderr, /--fail-on-regression 10%: 1 benchmark slower/);
  });

  it('calls the 10× heavier workload slower, by forks', async () => {
    const { json, stdout } = await compare(base, heavier);
    assert.equal(json.rows[0]!.unit, 'forks');
    assert.equal(json.rows[0]!.baseN, 4);
    assert.equal(json.rows[0]!.verdict, 'slower', stdout);
    assert.ok(json.rows[0]!.change > 2, stdout);
    assert.match(stdout, /weighted sum .* slower/);
  });
});

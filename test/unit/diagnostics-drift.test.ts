/**
 * The drift rule: a ramp warns, a step informs, wander and noise stay quiet (a seeded simulation of
 * autocorrelated noise bounds its false alarms); and whose a step is (`stepOwner`): with the host
 * tracked, a step still there once each sample is divided by its host factor is the code's; one the
 * factors take out is the machine's; without host factors the rule cannot tell, and says both.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnose } from '../../src/analysis/diagnostics/diagnose.js';
import { drift, stepOwner } from '../../src/analysis/diagnostics/drift.js';
import type { OkResult, RuleContext } from '../../src/analysis/diagnostics/rule.js';
import { isSampleNote } from '../../src/report/sample-notes.js';
import type { BenchmarkResult } from '../../src/results/types.js';
import { createRng } from '../../src/stats/random.js';
import { noisy, syntheticResult } from '../helpers/synthetic-result.js';

const context: RuleContext = { clock: { costNs: 45, resolutionNs: 40 }, precisionTarget: 0.01 };
const codes = (result: BenchmarkResult) => diagnose(result, context).map((d) => d.code);
const N = 60;
/** Per-op times with a 40% step up after sample 35, and low noise. */
const stepped = noisy(N, 100, 0.01).map((v, i) => (i >= 35 ? v * 1.4 : v));
const flat = Array.from({ length: N }, () => 1);
const moving = Array.from({ length: N }, (_, i) => (i >= 35 ? 1.4 : 1));
const check = (hostFactors: number[] | null) => drift.check(syntheticResult({ perOp: stepped }) as OkResult, { ...context, hostFactors });

describe('drift: whose step', () => {
  it("is the code's when the host factors held level", () => {
    const owner = stepOwner(stepped, flat);
    assert.equal(owner.owner, 'code');
    assert.ok('change' in owner && owner.change > 0.3, JSON.stringify(owner));
    const [d] = check(flat);
    assert.equal(d?.severity, 'warning', "one attribution principle: what outlasts the host's part is the code's, a warning");
    assert.match(d!.message, /with the host's movement taken out it still moved [\d.]+%: the code's own level changed part-way/);
    assert.match(d!.hint!, /--profile lists deoptimizations/);
  });

  it("is the machine's when the host factors stepped with it", () => {
    const owner = stepOwner(stepped, moving);
    assert.equal(owner.owner, 'machine');
    assert.ok('change' in owner && Math.abs(owner.change) < 0.05, JSON.stringify(owner));
    const [d] = check(moving);
    assert.match(d!.message, /the host's references moved with it \(taking their movement out leaves [\d.]+%\): the machine's speed switching levels/);
  });

  it('is unknown without host factors, or with factors that do not fit the samples', () => {
    assert.equal(stepOwner(stepped, null).owner, 'unknown');
    assert.equal(stepOwner(stepped, flat.slice(1)).owner, 'unknown');
    assert.equal(
      stepOwner(
        stepped,
        flat.map((f, i) => (i === 3 ? 0 : f)),
      ).owner,
      'unknown',
    );
    assert.match(check(null)[0]!.message, /the machine's speed switching levels, or a one-time change in the code/);
  });

  it("keeps a line of its own in the terminal when it is the code's; the machine's goes into the group's note", () => {
    assert.equal(isSampleNote(check(flat)[0]!), false);
    assert.equal(isSampleNote(check(moving)[0]!), true);
    assert.equal(isSampleNote(check(null)[0]!), true);
  });
});

describe('drift: ramps warn, steps inform', () => {
  it('drift only informs about a step: a quarter of the samples twice as fast, then the slow level', () => {
    const perOp = noisy(60, 25, 0.01).map((v, i) => (i < 14 ? v * 0.46 : v));
    const d = diagnose(syntheticResult({ perOp }), context).find((x) => x.code === 'drift');
    assert.equal(d?.severity, 'info');
    assert.match(d!.message, /the level moved \d+% slower during sampling, in steps rather than steadily/);
  });

  it('drift warns on growth that sets in part-way and goes on (flat, then rising)', () => {
    const perOp = noisy(80, 30, 0.02).map((v, i) => (i < 45 ? v : v * (1 + 0.15 * (i - 45))));
    const d = diagnose(syntheticResult({ perOp }), context).find((x) => x.code === 'drift');
    assert.equal(d?.severity, 'warning');
    assert.match(d!.message, /drifted \d+% slower from the first to the last samples, still moving at the end/);
  });

  it('drift does not fire on a 6% wander, which this VM does on its own', () => {
    const wander = noisy(60, 25, 0.005).map((v, i) => v * (1 + (0.06 * i) / 59));
    assert.ok(!codes(syntheticResult({ perOp: wander })).includes('drift'));
  });

  it('drift fires on a 15% rise across the run, not on noise', () => {
    const rising = noisy(60, 25, 0.01).map((v, i) => v * (1 + (0.15 * i) / 59));
    assert.ok(codes(syntheticResult({ perOp: rising })).includes('drift'));
    const d = diagnose(syntheticResult({ perOp: rising }), context).find((x) => x.code === 'drift')!;
    assert.match(d.message, /slower/);
  });
});

describe('drift false alarms on autocorrelated noise (seeded simulation)', () => {
  it('fires on at most 2% of trendless AR(1) series (φ = 0.5, CV 10%, n = 30)', async () => {
    const { normalDeviate } = await import('../../src/stats/normal.js');
    const rng = createRng(2024);
    let fires = 0;
    const trials = 300;
    for (let t = 0; t < trials; t++) {
      let e = 0;
      const perOp = Array.from({ length: 30 }, () => {
        e = 0.5 * e + Math.sqrt(0.75) * normalDeviate(rng);
        return 25 * (1 + 0.1 * e);
      });
      if (codes(syntheticResult({ perOp })).includes('drift')) fires++;
    }
    assert.ok(fires / trials <= 0.02, `false-alarm rate ${((100 * fires) / trials).toFixed(1)}%`);
  });
});

/**
 * Whose a step is (the drift rule's `stepOwner`): with the host tracked, a step still there once each
 * sample is divided by its host factor is the code's; one the factors take out is the machine's;
 * without host factors the rule cannot tell, and says both.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { drift, stepOwner } from '../../src/analysis/diagnostics/drift.js';
import type { OkResult, RuleContext } from '../../src/analysis/diagnostics/rule.js';
import { isSampleNote } from '../../src/report/sample-notes.js';
import { noisy, syntheticResult } from '../helpers/synthetic-result.js';

const context: RuleContext = { clock: { costNs: 45, resolutionNs: 40 }, precisionTarget: 0.01 };
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
    assert.equal(d?.severity, 'info');
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

/**
 * A finding is credited to the host only where the host's part is most of the samples' variation
 * (diagnostics/host-share.ts): a finding near its rule's threshold that a nearly flat host factor
 * happens to tip stays information and blames no one, and the condensed note says how much of the
 * variation the host's part was, not how far the host moved. Built results and a scripted rule: no
 * timing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnose } from '../../src/analysis/diagnostics/diagnose.js';
import { HOST_EXPLAINS_MIN_SHARE, hostShare } from '../../src/analysis/diagnostics/host-share.js';
import { perSampleNs, type Rule, type RuleContext } from '../../src/analysis/diagnostics/rule.js';
import { hostTrack } from '../../src/analysis/host-track.js';
import { sampleNotesText } from '../../src/report/sample-notes.js';
import type { BenchmarkResult } from '../../src/results/types.js';
import { describe as describeValues } from '../../src/stats/describe.js';
import { createRng } from '../../src/stats/random.js';
import { syntheticResult } from '../helpers/synthetic-result.js';

const N = 40;
/** The scripted rule's bar: a coefficient of variation above it is a spread. */
const SPREAD_CV = 0.015;

/** A `noisy` rule (a host-sensitive code) that fires on a coefficient of variation above SPREAD_CV. */
const ruleOf = (severity: 'info' | 'warning'): Rule => ({
  code: 'noisy',
  check: (result) => {
    const cv = describeValues(perSampleNs(result)).cv;
    return cv > SPREAD_CV ? [{ code: 'noisy', severity, message: `samples spread (CV ${cv})`, hint: '' }] : [];
  },
});
const spreadRule = ruleOf('info');

/** A built result of ns/op `perOp` whose host factors are `factors`, as the analysis records them. */
function built(perOp: number[], factors: number[]): { result: BenchmarkResult; context: RuleContext } {
  const base = syntheticResult({ perOp });
  const result = { ...base, name: 'work', host: hostTrack(base, factors) };
  return { result, context: { clock: { costNs: 45, resolutionNs: 40 }, precisionTarget: 0.01, hostFactors: factors } };
}

/** `n` values 1 ± `width`, seeded. */
function around(n: number, width: number, seed: number): number[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => 1 + width * (2 * rng() - 1));
}

/** The samples' own spread, just over the rule's bar (uniform ±4%: CV 1.8% with this seed). */
const own = around(N, 0.04, 7);

describe('host share', () => {
  it('is 1 when the host part is all of the variation, 0 when taking it out leaves the samples as varied', () => {
    const factors = around(N, 0.1, 3);
    assert.equal(hostShare(factors, new Array(N).fill(1)), 1);
    assert.equal(hostShare(own, own), 0);
    // A factor that is the references' own noise makes the samples more varied, never less: 0, not below.
    assert.equal(
      hostShare(
        own,
        own.map((v, i) => v / factors[i]!),
      ),
      0,
    );
    assert.equal(hostShare(new Array(N).fill(5), new Array(N).fill(5)), 0, 'nothing varies: nothing to explain');
  });
});

describe('crediting a finding to the host', () => {
  it('does not, where the host barely moved and only tipped a finding near its bar', () => {
    // The factors move by under 1%, yet divide out just enough of the spread for the rule to stop firing.
    const factors = own.map((v) => 1 + 0.22 * (v - 1));
    const { result, context } = built(
      own.map((v) => 100 * v),
      factors,
    );
    const adjusted = own.map((v, i) => v / factors[i]!);
    assert.ok(describeValues(adjusted).cv <= SPREAD_CV, 'the host factor takes the spread under the bar');
    assert.ok(hostShare(own, adjusted) < HOST_EXPLAINS_MIN_SHARE, 'yet it is a small share of the variation');
    const found = diagnose(result, context, [spreadRule]);
    assert.deepEqual(
      found.map((d) => `${d.code}:${d.severity}`),
      ['noisy:info'],
    );
    assert.doesNotMatch(found[0]!.message, /host/);
    const note = sampleNotesText([{ ...result, diagnostics: found }]);
    assert.equal(note, 'work (spread)');
    // Nor the code's: a finding that would have been a warning stays information.
    assert.deepEqual(
      diagnose(result, context, [ruleOf('warning')]).map((d) => `${d.code}:${d.severity}`),
      ['noisy:info'],
    );
  });

  it('does, where the host part is most of the variation, and the note says how much of it', () => {
    // The code's own cost holds within ±0.5%; the host's speed steps by 8% halfway.
    const factors = Array.from({ length: N }, (_, i) => (i < N / 2 ? 1 : 1.08));
    const steady = around(N, 0.005, 11);
    const { result, context } = built(
      steady.map((v, i) => 100 * v * factors[i]!),
      factors,
    );
    const found = diagnose(result, context, [spreadRule]);
    assert.deepEqual(
      found.map((d) => `${d.code}:${d.severity}`),
      ['host-moved:info'],
    );
    const share = (found[0]!.evidence as { hostShare: number }).hostShare;
    assert.ok(share >= 0.9, `share ${share}`);
    assert.match(found[0]!.message, /accounts for 9\d(\.\d)?% of the samples' variation/);
    assert.match(sampleNotesText([{ ...result, diagnostics: found }])!, /^work \(host moved: 9\d% of the variation\)$/);
  });
});

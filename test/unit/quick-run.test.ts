/** `--quick`: a shorter default budget, time and bytes/op only, no automatic passes, said in the results and the report. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { measurementOptions, QUICK_PRECISION, QUICK_TIME, QUICK_WARMUP } from '../../src/cli/measurement-options.js';
import { DEFAULT_PRECISION_TARGET } from '../../src/engine/loop/stopping-rule.js';
import { parseDuration } from '../../src/cli/duration.js';
import { passEnabled } from '../../src/runner/passes/post-timing-pass.js';
import { POST_TIMING_PASSES, passSelection } from '../../src/runner/passes/pass-registry.js';
import { QUICK_NOTE } from '../../src/report/terminal-report.js';
import { measureConfig } from '../../src/engine/process/child-config.js';
import { MIN_SAMPLES, QUICK_MIN_SAMPLES } from '../../src/engine/loop/stopping-rule.js';
import type { ChildRequest } from '../../src/engine/process/events.js';

describe('--quick', () => {
  it('shortens the default budget and warm-up cap, loosens the precision target, and keeps what the user gave', () => {
    const quick = measurementOptions({ quick: true });
    assert.equal(quick.precisionTarget, 0.02);
    assert.equal(QUICK_PRECISION, '2%');
    assert.equal(measurementOptions({ quick: true, precision: '0.5%' }).precisionTarget, 0.005);
    assert.equal(measurementOptions({}).precisionTarget, DEFAULT_PRECISION_TARGET);
    assert.equal(quick.timeBudgetNs, parseDuration(QUICK_TIME, '--time'));
    assert.equal(quick.warmupMaxNs, parseDuration(QUICK_WARMUP, '--warmup'));
    assert.equal(quick.quick, true);
    const given = measurementOptions({ quick: true, time: '2s', warmup: '1s' });
    assert.equal(given.timeBudgetNs, 2e9);
    assert.equal(given.warmupMaxNs, 1e9);
    const full = measurementOptions({});
    assert.equal(full.timeBudgetNs, 1e9);
    assert.equal(full.quick, undefined);
  });

  it('leaves out the automatic passes but runs the ones asked for', () => {
    const automatic = POST_TIMING_PASSES.filter((p) => p.switches.length === 0);
    assert.ok(automatic.length >= 2);
    const asked = POST_TIMING_PASSES.find((p) => p.switches[0]?.key === 'gcCost')!;
    const passes = passSelection({ gcCost: true });
    for (const pass of automatic) {
      assert.equal(passEnabled(pass, { passes, quick: true }), false, pass.label);
      assert.equal(passEnabled(pass, { passes }), true, pass.label);
    }
    assert.equal(passEnabled(asked, { passes, quick: true }), true);
  });

  it('names what it left out', () => {
    assert.match(QUICK_NOTE, /time and bytes\/op only/);
    assert.match(QUICK_NOTE, /probes.*retention and leak checks.*automatic passes/);
    assert.match(QUICK_NOTE, new RegExp(`shape need ${MIN_SAMPLES} samples where --quick may stop at ${QUICK_MIN_SAMPLES}`));
  });

  it('lets precision stop sampling at fewer samples than the shape tests need', () => {
    const clock = { costNs: 45, resolutionNs: 40 };
    const request = { timeBudgetNs: 3e8, warmupMaxNs: 5e8, precisionTarget: 0.01 } as ChildRequest;
    assert.equal(measureConfig(request, clock).minSamples, MIN_SAMPLES);
    assert.equal(measureConfig({ ...request, quick: true }, clock).minSamples, QUICK_MIN_SAMPLES);
    assert.ok(QUICK_MIN_SAMPLES < MIN_SAMPLES);
  });
});

/**
 * The host check at the start of a measuring command (src/runner/doctor/host-gate.ts) on scripted
 * readings and a fake clock: one line when unfit, nothing when fit; with --wait-for-quiet, it
 * re-reads until the checks of the moment are ok or the wait is over, and says which.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Finding } from '../../src/analysis/doctor/doctor-check.js';
import { hostGate, isQuiet, WAIT_POLL_MS } from '../../src/runner/doctor/host-gate.js';

const f = (id: string, verdict: Finding['verdict'], evidence = `${id} evidence: details`): Finding => ({ id, title: id, verdict, evidence, advice: null, data: {} });

const QUIET = [f('host-speed', 'ok'), f('other-load', 'ok'), f('shared-core', 'unknown'), f('smt', 'warn')];
const BUSY = [f('host-speed', 'ok'), f('other-load', 'unfit', '1.02 CPUs left free: node (pid 7) 0.98 CPU'), f('shared-core', 'ok')];

/** A gate over scripted readings, one per read, with a clock the sleeps move. */
function scripted(readings: Finding[][], waitNs: number | null) {
  let t = 0;
  let reads = 0;
  const lines: string[] = [];
  const options = {
    waitNs,
    calibrationFile: '/nonexistent',
    env: {},
    say: (line: string) => lines.push(line),
    warn: (line: string) => lines.push(`warning: ${line}`),
    read: () => readings[Math.min(reads++, readings.length - 1)]!,
    sleep: async (ms: number) => {
      t += ms;
    },
    now: () => t,
  };
  return { options, lines, reads: () => reads };
}

describe('host gate', () => {
  it('says nothing on a fit host, and reads once', async () => {
    const s = scripted([QUIET], null);
    const outcome = await hostGate(s.options);
    assert.deepEqual(s.lines, []);
    assert.equal(s.reads(), 1);
    assert.equal(outcome.quiet, true);
  });

  it('says in one line that an unfit host is unfit, with each unfit check and what waits for it', async () => {
    const s = scripted([BUSY], null);
    await hostGate(s.options);
    assert.deepEqual(s.lines, ['warning: this host is unfit to measure now: other-load: 1.02 CPUs left free (ubench doctor says more; --wait-for-quiet <duration> waits for a quiet host)']);
  });

  it('waits until the checks of the moment are ok, then says how long', async () => {
    const s = scripted([BUSY, BUSY, BUSY, QUIET], 30e9);
    const outcome = await hostGate(s.options);
    assert.equal(outcome.quiet, true);
    assert.equal(outcome.waitedMs, 3 * WAIT_POLL_MS);
    assert.deepEqual(s.lines, ['--wait-for-quiet: the host was quiet after 3.0 s (it had other-load: 1.02 CPUs left free)']);
  });

  it('says so when the host was quiet at once', async () => {
    const s = scripted([QUIET], 30e9);
    await hostGate(s.options);
    assert.deepEqual(s.lines, ['--wait-for-quiet: the host was quiet at once']);
  });

  it('gives up at the duration, says so, and still says the host is unfit', async () => {
    const s = scripted([BUSY], 2.5e9);
    const outcome = await hostGate(s.options);
    assert.equal(outcome.quiet, false);
    assert.equal(outcome.waitedMs, 2_500);
    assert.equal(s.lines.length, 2);
    assert.match(s.lines[0]!, /^--wait-for-quiet: gave up after 2\.5 s, the host still not quiet \(other-load: 1\.02 CPUs left free\); measuring anyway$/);
    assert.match(s.lines[1]!, /^warning: this host is unfit to measure now: other-load/);
  });

  it('does not wait on what waiting cannot change (a CPU quota), but still says it', async () => {
    const quota = [...QUIET, f('cpu-quota', 'unfit', 'a quota of 0.5 CPUs per period: …')];
    const s = scripted([quota], 30e9);
    const outcome = await hostGate(s.options);
    assert.equal(s.reads(), 1);
    assert.equal(outcome.unfit.length, 1);
    assert.deepEqual(s.lines, ['--wait-for-quiet: the host was quiet at once', 'warning: this host is unfit to measure now: cpu-quota: a quota of 0.5 CPUs per period (ubench doctor says more)']);
  });

  it('quiet means every check of the moment ok or unreadable', () => {
    assert.equal(isQuiet(QUIET), true);
    assert.equal(isQuiet([f('shared-core', 'warn')]), false);
    assert.equal(isQuiet([f('cpu-quota', 'unfit')]), true);
  });
});

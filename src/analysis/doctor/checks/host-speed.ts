/**
 * The host's speed now against this machine's usual: the latency reference (a chain of dependent
 * multiplies, what the clock the host gives this machine moves) timed during the check, against the
 * median of the machine's last runs (its calibration, runner/host-speed/host-calibration.ts), and the share of
 * the check this thread waited for a CPU (a sample that waits a third of its time reads 1.5× long).
 */
import { MIN_CALIBRATION_RUNS, USUAL_HOST_BAND } from '../../run-host-speed.js';
import { THROTTLE_RATIO } from '../../../results/throttle-types.js';
import { formatDuration } from '../../../results/text/format-units.js';
import { cannotTell, type DoctorCheck, type Finding, finding, pct } from '../doctor-check.js';
import { isUnread } from '../readings.js';

/** Slower than usual by this much or more is unfit: Jetpack's throttling limit, which ubench's throttle check uses too. */
export const HOST_SLOW_UNFIT = THROTTLE_RATIO - 1;
/**
 * Faster than usual by this much or more warns: the calibration no longer describes the machine
 * (a new host, another clock), and a comparison with earlier runs would call that the code's change.
 */
export const HOST_FAST_WARN = 0.1;

/** What to do while the calibration is short of runs. */
export const LEARN_ADVICE = `ubench learns this machine's usual speed from its runs: run any bench file ${MIN_CALIBRATION_RUNS} times on a quiet machine (e.g. npx ubench examples/ --time 300ms)`;

/** "Cannot tell" while the calibration is short of runs, with the reading of now (`now`) and how to get them. */
export function stillLearning(check: Pick<DoctorCheck, 'id' | 'title'>, now: string, runs: number, data: Finding['data']): Finding {
  return finding(check, 'unknown', `cannot tell: ${now}, but this machine's usual is known after ${MIN_CALIBRATION_RUNS} runs (${runs} so far)`, LEARN_ADVICE, data);
}

export const hostSpeed: DoctorCheck = {
  id: 'host-speed',
  title: "host speed against this machine's usual",
  momentary: true,
  judge(r) {
    if (isUnread(r.speed)) return cannotTell(this, r.speed);
    const s = r.speed;
    const now = `latency reference ${formatDuration(s.latencyNs)} per 1,000 steps (median of ${s.readings.toLocaleString('en-US')} readings)`;
    if (s.usualLatencyNs === null || s.calibrationRuns < MIN_CALIBRATION_RUNS) {
      return stillLearning(this, now, s.calibrationRuns, { latencyNs: s.latencyNs, calibrationRuns: s.calibrationRuns });
    }
    const wait = s.waitShare ?? 0;
    const off = s.latencyNs / s.usualLatencyNs / (1 - wait) - 1;
    const data = { latencyNs: s.latencyNs, usualLatencyNs: s.usualLatencyNs, waitShare: s.waitShare, slower: off, calibrationRuns: s.calibrationRuns };
    const waited = wait >= USUAL_HOST_BAND ? `, and this thread waited ${pct(wait)} of the time for a CPU` : '';
    const against = `${now} against its usual ${formatDuration(s.usualLatencyNs)} over ${s.calibrationRuns} runs${waited}`;
    if (off >= HOST_SLOW_UNFIT) {
      return finding(
        this,
        'unfit',
        `${pct(off)} slower than usual: ${against}. Every figure measured now would read about that much higher.`,
        'wait for the machine to return to its speed (ubench --wait-for-quiet <duration>), or find what slows it (the load check names busy processes); a steady change of machine is reset with ubench calibration --reset',
        data,
      );
    }
    if (off >= USUAL_HOST_BAND)
      return finding(this, 'warn', `${pct(off)} slower than usual: ${against}.`, 'figures of this moment may sit that much higher; compare runs made at the usual speed', data);
    if (-off >= HOST_FAST_WARN) {
      return finding(
        this,
        'warn',
        `${pct(-off)} faster than usual: ${against}. The calibration may describe another machine or clock.`,
        'if the machine changed for good, ubench calibration --reset lets the next runs learn it',
        data,
      );
    }
    const speed = -off >= USUAL_HOST_BAND ? `${pct(-off)} faster than usual` : `at its usual speed (within ±${pct(USUAL_HOST_BAND)})`;
    return finding(this, 'ok', `${speed}: ${against}.`, null, data);
  },
};

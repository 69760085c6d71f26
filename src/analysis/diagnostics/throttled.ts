/**
 * `throttled`: the machine was slowed down while this benchmark was measured. Two signals:
 * - a fixed reference workload ran more than 10% slower around this benchmark than at the start of
 *   the run, even after waiting (Jetpack's ThrottleDetector: thermal or power limits);
 * - the benchmark's thread spent more than 10% of the sampling phase waiting for a CPU (other
 *   programs competing for the cores); the reference's fastest run cannot see that.
 * Waiting for a CPU is a warning: other programs of this machine took the cores, which the user can
 * stop. A slower reference alone is information: on a cloud VM the host's speed moves by itself
 * (other tenants), and a benchmark is not to be blamed for it — the figure says how much.
 */
import { throttleRatio } from '../../results/derived-values.js';
import { THROTTLE_RATIO } from '../../results/throttle-types.js';
import type { Rule } from './rule.js';
import { pct } from './format.js';

/** Waiting for a CPU 10% of the time means every sample lost about that much to other programs. */
export const CPU_WAIT_LIMIT = 0.1;
/**
 * When V8's own threads used a quarter of a core or more (concurrent marking of a growing heap), the
 * main thread's wait is the benchmark's own doing on 2 cores, not other programs (measured: 0.39
 * cores of GC threads made a leaking benchmark wait 11%); gc-heavy and leak speak to it.
 */
export const OWN_HELPERS_LIMIT = 0.25;

export const throttled: Rule = {
  code: 'throttled',
  check(result) {
    const t = result.throttle;
    if (t === null) return [];
    const ratio = throttleRatio(t);
    const slower = ratio > THROTTLE_RATIO;
    const ownDoing = t.helperCpuShare !== null && t.helperCpuShare >= OWN_HELPERS_LIMIT;
    const contended = t.cpuWaitShare !== null && t.cpuWaitShare > CPU_WAIT_LIMIT && !ownDoing;
    if (!slower && !contended) return [];
    const waited = t.waitedMs > 0 ? ` after waiting ${(t.waitedMs / 1000).toFixed(1)} s` : '';
    const reasons = [
      ...(slower ? [`the machine ran a reference workload ${pct(ratio - 1)} slower than at the start of the run${waited}`] : []),
      ...(contended ? [`the benchmark waited for a CPU ${pct(t.cpuWaitShare!)} of the sampling time (other programs competing for the cores)`] : []),
    ];
    return [
      {
        code: 'throttled',
        severity: contended ? 'warning' : 'info',
        message: `${reasons.join('; ')}: this result was measured on a slowed-down machine`,
        hint: 'Stop competing programs, let the machine cool down, or pin the CPU frequency; re-run this benchmark.',
        evidence: { ...t, ratio },
      },
    ];
  },
};

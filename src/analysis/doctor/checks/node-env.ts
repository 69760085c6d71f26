/**
 * What every benchmark process inherits from the environment: NODE_OPTIONS (an inspector, a profiler
 * or a JIT switch there changes what is measured) and NODE_V8_COVERAGE (coverage counters in every
 * function: what a test runner's coverage mode sets). Jetpack refuses a debuggable build alike.
 */
import { type DoctorCheck, finding } from '../doctor-check.js';

/** Flags of NODE_OPTIONS that change the code measured or stop it: an inspector, a profiler, the JIT off or capped, tracing. */
export const DISTORTING_FLAGS = /^--(inspect|debug|cpu-prof|heap-prof|prof\b|prof-|jitless|no-opt|max-opt|no-turbofan|no-sparkplug|no-maglev|trace|interpreted-frames-native-stack|perf-)/;

export const nodeEnv: DoctorCheck = {
  id: 'node-env',
  title: 'NODE_OPTIONS and NODE_V8_COVERAGE',
  momentary: false,
  judge(r) {
    const { nodeOptions, v8Coverage } = r.nodeEnv;
    const options = nodeOptions?.trim() ?? '';
    const flags = options === '' ? [] : options.split(/\s+/);
    const distorting = flags.filter((f) => DISTORTING_FLAGS.test(f));
    const data = { nodeOptions: options === '' ? null : options, v8Coverage };
    if (v8Coverage !== null && v8Coverage !== '') {
      return finding(
        this,
        'unfit',
        `NODE_V8_COVERAGE=${v8Coverage}: every benchmark process counts coverage in every function it runs, which slows it.`,
        "unset NODE_V8_COVERAGE (a test runner's coverage mode sets it) when measuring",
        data,
      );
    }
    if (distorting.length > 0) {
      return finding(
        this,
        'unfit',
        `NODE_OPTIONS has ${distorting.join(' ')}: every benchmark process inherits it, and it changes the code measured.`,
        'unset NODE_OPTIONS when measuring; flags meant for the benchmarks go in --node-flags, which the results record',
        data,
      );
    }
    if (flags.length > 0) {
      return finding(
        this,
        'warn',
        `NODE_OPTIONS="${options}": every benchmark process inherits it, and the results do not record it.`,
        'pass flags meant for the benchmarks with --node-flags, which the results record',
        data,
      );
    }
    return finding(this, 'ok', 'neither is set.', null, data);
  },
};

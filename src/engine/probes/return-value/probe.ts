/**
 * The return-value probe: what the body returns, read from the loop's sink after two batches of one
 * call. A body that returns nothing leaves its work unconsumed, and one that returns the same
 * primitive on every call computes something V8 may hoist out of the loop: the `optimized-away`
 * rule names which, where it fires. A manual loop's body returns nothing by design: not probed.
 */
import type { ReturnValue } from '../../../results/types.js';
import type { LoopProbe } from '../loop-probe.js';

/** Calls read: two tell a value that stays from one that moves (a counter, a rotating input). */
const CALLS_READ = 2;

const typeOf = (value: unknown): ReturnValue['type'] => (value === null ? 'null' : typeof value);

export const returnValueProbe: LoopProbe<{ returnValue: ReturnValue | null }> = {
  fields: ['returnValue'],
  async run({ runner, sink }) {
    if (runner.mode === 'manual') return { returnValue: null };
    const values: unknown[] = [];
    try {
      for (let i = 0; i < CALLS_READ; i++) {
        sink.value = undefined;
        await runner.runBatch(1);
        values.push(sink.value);
      }
    } catch {
      // A body that cannot be called again after its samples (an input used up) is measured still: only the hint goes.
      return { returnValue: null };
    }
    const first = values[0];
    const primitive = first === null || (typeof first !== 'object' && typeof first !== 'function');
    return { returnValue: { type: typeOf(first), sameEachCall: primitive ? values.every((v) => Object.is(v, first)) : null } };
  },
};

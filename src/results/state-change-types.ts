/**
 * What the state-change probe (engine/probes/setup-state/state-change-probe.ts) saw a benchmark's body do to the
 * state its `setup` made, over one sample's worth of calls on one state.
 */
export interface StateChange {
  /** Never changed it (the body reads its state); changed it until it stopped changing (drained, sorted); or kept changing it to the end of a sample (grows, a cursor moves). */
  kind: 'unchanged' | 'settles' | 'keeps-changing';
  /** The most calls a sample made on its one state. */
  sampleIterations: number;
  /** Calls the probe followed one state through: the whole sample, or its first part when a sample costs more than the probe's budget share. */
  followedCalls: number;
  /** `settles`: the state was the same from this many calls on (the fixed point lies between half of it and it). */
  settledWithin: number | null;
  /** What setup made: "array of 1,000", "object { items: array of 1,000, cursor: number }". */
  before: string;
  /** What changed: "array of 1,000 → array of 0", "array of 10,000 rewritten in place", "its items: …"; null when nothing did. */
  change: string | null;
  /** Calls in each timed batch: the calls up to the fixed point (settles) or an eighth of a sample (keeps-changing); 0 when nothing was timed. */
  timedCalls: number;
  /** ns/op of the first `timedCalls` calls on a fresh state, one per repeat. */
  freshNsPerOp: number[];
  /** ns/op of as many calls on the same state after the fixed point (settles) or at the end of a sample (keeps-changing), paired with freshNsPerOp. */
  laterNsPerOp: number[];
  /**
   * The change was found by timing, not by the fingerprint: the calls' cost moved on one state while
   * what setup returned looked the same (a module-level state setup refills); absent otherwise.
   */
  hidden?: true;
  /**
   * A state settled by its first call: the first call on a copy of the used state (structuredClone),
   * one per repeat, paired with freshNsPerOp: the used content on an object the body had not run on.
   * Absent when the state could not be copied, or the body failed on the copy.
   */
  usedCopyNsPerOp?: number[];
}

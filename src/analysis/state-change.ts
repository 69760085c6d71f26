/**
 * Whether a benchmark's body changes the state its `setup` made in a way that changes what a call
 * costs, from the state-change probe (engine/probes/setup-state/state-change-probe.ts). A sample runs all its
 * calls on one state, so such a body is timed on what its earlier calls left (an empty array, a
 * sorted one, a longer one) rather than on what setup made: the estimate is of something else.
 *
 * The probe's fingerprints decide *whether* the state changes (deterministic: a body that only reads
 * its state never gets here); the timed pairs decide whether that *matters*, since a cursor that
 * moves or a scratch buffer that is overwritten changes the state without changing the cost.
 */
import type { BenchmarkResult } from '../results/types.js';
import type { StateChange } from '../results/state-change-types.js';
import { median } from '../stats/quantile.js';

/**
 * Calls on a fresh state and on a used one must differ by this factor, in the median of the pairs
 * and between the fastest batch of each side (on a host shared with other work, a batch of ~1 ms
 * was descheduled for several times its length in one pair of three: a cursor read 0.11–6.7×). The
 * two batches of a pair run back to back on one state, so the host's speed moves little between
 * them; a cursor over an array or an overwritten scratch buffer read 0.9–1.1 here (test fixture
 * state-change/, 3 runs).
 */
export const STATE_CHANGE_MIN_RATIO = 1.25;
/**
 * A state settled by its first call without a copy to compare with (it could not be copied), or a
 * state found by timing alone (`hidden`: its later batch cannot come right after a call of setup,
 * which would refill it, so the fresh batch alone carries setup's trace: a TextEncoder and a regex
 * over a URL read 1.5–1.7× on their first 64–128 calls after setup, on the clean corpus): the
 * first call on any new object costs more for reasons that are not the state's content — memory first
 * touched, the engine's first look at the object — which a Float64Array scratch refilled and sorted
 * read 1.4–1.9× (corpus/clean/sorting.bench.ts), so only a larger gap counts. An in-place sort of
 * shuffled numbers against the sorted array it leaves differs 8–125× (5,000 ids) and 14–73× (10,000
 * numbers). With the copy (usedCopyNsPerOp: the used content on a new object), newness is on both
 * sides and STATE_CHANGE_MIN_RATIO applies.
 */
export const STATE_CHANGE_MIN_RATIO_FIRST_CALL = 3;
/** …and all pairs but one must lie beyond this factor on the same side: a disturbed pair cannot make a finding, nor veto one. */
const PAIR_MIN_RATIO = 1.1;
/**
 * …and the timed batches must differ by at least this many clock reads in all (median of the pairs).
 * A batch of one short call carries two clock reads and the state's first touch: a 256-byte scratch
 * buffer overwritten by `encodeInto` read 10–30 ns more on a fresh state (one clock read, 38 ns here)
 * in 9 pairs, 1.1–1.3× of a 120 ns batch; a sort in place of 50 numbers differs by ~800 ns.
 */
export const STATE_CHANGE_MIN_CLOCK_READS = 8;
/** The clock read's cost when the run did not measure it (DESIGN.md §3: ~40–50 ns). */
const DEFAULT_CLOCK_NS = 50;

/**
 * A collection setup made that the body empties and leaves empty ("array of 500 → array of 0", "its
 * pending: Map of 3 → Map of 0"): the calls after it take from nothing, which is not the work the
 * benchmark names whatever it costs. Such a change is a finding without a cost difference: taking a
 * job from a list of 500 read 1.2–1.9× dearer than popping the emptied list across processes here,
 * so the cost test alone warned in 2 of 3 runs (test fixture state-change/, a clean-clone test run).
 */
export function emptied(probe: StateChange): boolean {
  // A drained member beside one that keeps changing (a Map emptied by delete(s.k++), the cursor moving on) is emptied too.
  const pattern = probe.kind === 'settles' ? /(?:^|: )(array|Map|Set) of ([\d,]+) → (array|Map|Set) of 0$/ : /^its [^:]+: (array|Map|Set) of ([\d,]+) → (array|Map|Set) of 0$/;
  const m = probe.kind === 'unchanged' ? null : pattern.exec(probe.change ?? '');
  return m !== null && m[1] === m[3] && Number(m[2]!.replace(/,/g, '')) > 0;
}

export interface StateChangeFinding {
  probe: StateChange;
  /** The body empties a collection setup made (see {@link emptied}): a finding whatever the calls cost. */
  emptied: boolean;
  /** Median ns/op of the calls on fresh states, and of the calls on used states. */
  freshNsPerOp: number;
  laterNsPerOp: number;
  /** freshNsPerOp / laterNsPerOp. */
  ratio: number;
  /** The share of the timed calls that ran on a used state: past the fixed point (settles), or after a sample's first call (keeps-changing). */
  usedShare: number;
}

/** The finding, or null when the body leaves its state alone, the change costs nothing, or nothing was probed. */
export function stateChangeFinding(result: Pick<BenchmarkResult, 'stateChange' | 'samples'>, clockCostNs: number | null): StateChangeFinding | null {
  const probe = result.stateChange;
  if (probe === undefined || probe.kind === 'unchanged') return null;
  const firstCall = probe.kind === 'settles' && probe.timedCalls === 1;
  // A first call is judged against the used content on a new object where the probe could copy it (newness on both sides).
  const against = firstCall && probe.usedCopyNsPerOp !== undefined && probe.usedCopyNsPerOp.length === probe.freshNsPerOp.length ? probe.usedCopyNsPerOp : probe.laterNsPerOp;
  const pairs = probe.freshNsPerOp.map((fresh, i) => [fresh, against[i]!] as const).filter(([a, b]) => a > 0 && b > 0 && Number.isFinite(a) && Number.isFinite(b));
  if (pairs.length === 0 || pairs.length !== probe.freshNsPerOp.length) return null;
  const ratios = pairs.map(([a, b]) => a / b);
  const ratio = median(ratios);
  // A comparison with a confound left on one side — a first call's newness without the copy, or a
  // state found by timing, whose later batch cannot follow a call of setup as the fresh one does —
  // needs the larger gap.
  const confounded = probe.hidden === true || (firstCall && against === probe.laterNsPerOp);
  const minRatio = confounded ? STATE_CHANGE_MIN_RATIO_FIRST_CALL : STATE_CHANGE_MIN_RATIO;
  const agreeing = Math.max(1, ratios.length - 1);
  // The fastest batch of each side: a batch the host descheduled or a GC paused only ever reads longer.
  const ofMinima = Math.min(...pairs.map(([a]) => a)) / Math.min(...pairs.map(([, b]) => b));
  const slower = ratio >= minRatio && ofMinima >= minRatio && ratios.filter((r) => r > PAIR_MIN_RATIO).length >= agreeing;
  const faster = ratio <= 1 / minRatio && ofMinima <= 1 / minRatio && ratios.filter((r) => r < 1 / PAIR_MIN_RATIO).length >= agreeing;
  const empty = emptied(probe);
  if (!slower && !faster && !empty) return null;
  const batchDifference = median(pairs.map(([a, b]) => Math.abs(a - b) * probe.timedCalls));
  if (batchDifference < STATE_CHANGE_MIN_CLOCK_READS * (clockCostNs ?? DEFAULT_CLOCK_NS) && !empty) return null;
  // Reported against the later calls themselves, whichever side judged the first call.
  const freshNsPerOp = median(pairs.map(([a]) => a));
  if (against === probe.laterNsPerOp) return { probe, emptied: empty, freshNsPerOp, laterNsPerOp: median(pairs.map(([, b]) => b)), ratio, usedShare: usedShare(result.samples, probe) };
  const laterNsPerOp = median(probe.laterNsPerOp);
  return { probe, emptied: empty, freshNsPerOp, laterNsPerOp, ratio: laterNsPerOp > 0 ? freshNsPerOp / laterNsPerOp : ratio, usedShare: usedShare(result.samples, probe) };
}

/** The share of the samples' calls made on a state that earlier calls of the sample had changed. */
export function usedShare(samples: readonly { iterations: number }[], probe: StateChange): number {
  const fresh = probe.kind === 'settles' ? (probe.settledWithin ?? 1) : 1;
  let used = 0;
  let all = 0;
  for (const s of samples) {
    used += Math.max(0, s.iterations - fresh);
    all += s.iterations;
  }
  return all > 0 ? used / all : 0;
}

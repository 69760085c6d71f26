/**
 * The state-change probe: does the body change the state its `setup` made, and does the change
 * change what a call costs?
 *
 * A sample makes one state and runs all its calls on it. A body that drains, shifts, pops, sorts in
 * place or grows its state times the first calls on the state setup made and the rest on what the
 * earlier calls left (an empty array, a sorted one, a longer one): the figure is then of something
 * else. The probe follows one fresh state through a sample's worth of calls, fingerprinting it
 * (engine/probes/setup-state/state-fingerprint.ts) after 1, 2, 4, … calls:
 * - never changed: the body only reads its state (no timing needed);
 * - changed, then stopped changing (a fixed point: drained, sorted), found within 2× by the
 *   doublings and within a sixteenth of that by a second pass: the calls before it and as many
 *   calls after it are timed, on fresh states, {@link REPEATS} times;
 * - kept changing to the end of a sample (grows, or a cursor moves): the first and the last eighth
 *   of the followed calls are timed, on fresh states, {@link REPEATS} times, each in
 *   {@link CHANGING_BATCH_PARTS} parts read by the fastest.
 * Whether the difference matters is the analysis's call (analysis/state-change.ts).
 */
import type { StateChange } from '../../../results/state-change-types.js';
import type { StatefulBatches } from '../../loop/batch-runner.js';
import { describeChange, fingerprintState, type StateFingerprint } from './state-fingerprint.js';
import { plainCopy } from './plain-copy.js';

/**
 * Timed pairs (fresh, later). A batch of one slow call is hit whole by a GC pause or a burst of the
 * host (a 100-record sort read 57 µs in one pair and 311 µs in two others, the host busy): five pairs
 * let the median and an agreement of four outvote two disturbed ones; three when five do not fit.
 */
export const REPEATS = 5;
const MIN_REPEATS = 3;
/** A state still changing here is compared by its first and last eighth of a sample's calls. */
const CHUNK_SHARE = 1 / 8;
/**
 * The probe may take this share of the time budget: following one state costs a sample's calls,
 * each pair of a state that keeps changing another (a growing state's sample can take tens of ms).
 */
const BUDGET_SHARE = 0.25;

export interface StateChangeDeps {
  states: StatefulBatches;
  fingerprint?: (state: unknown) => StateFingerprint;
}

interface Position {
  calls: number;
  print: StateFingerprint;
  /** ns the calls since the previous position took (clock reads included). */
  ns: number;
}

/** Runs calls on `state` until `calls` have run in all (untimed use of the batches' clock). */
async function runTo(states: StatefulBatches, state: unknown, from: number, to: number): Promise<number> {
  return to > from ? await states.run(state, to - from) : 0;
}

/** Fingerprints after 1, 2, 4, … calls, up to `sampleIterations`. */
async function follow(deps: Required<StateChangeDeps>, sampleIterations: number): Promise<{ before: StateFingerprint; positions: Position[] }> {
  const state = await deps.states.create();
  try {
    const before = deps.fingerprint(state);
    const positions: Position[] = [];
    let calls = 0;
    for (let next = 1; calls < sampleIterations; next = Math.min(sampleIterations, next * 2)) {
      const ns = await runTo(deps.states, state, calls, next);
      const from = calls;
      calls = next;
      positions.push({ calls, print: deps.fingerprint(state), ns: ns / Math.max(1, calls - from) });
    }
    return { before, positions };
  } finally {
    await deps.states.dispose(state);
  }
}

/** What a change the fingerprint cannot see is called: the calls' cost moved on one state. */
export const HIDDEN_CHANGE = 'state the fingerprint cannot see (kept outside what setup returns: module state, a closure): the calls cost differently once earlier calls ran';
/** A doubling batch this long or longer reads its calls' cost with the clock's reads under 5% of it (MIN_PART_NS's reasoning). */
const PROFILE_MIN_BATCH_NS = 1_000;
/**
 * The per-call cost of the batches must move this much from the first readable batch to the last for
 * timing to call it a change: the bar a change found by timing must clear in the end
 * (analysis/state-change.ts, STATE_CHANGE_MIN_RATIO_FIRST_CALL), so no pair is timed for less.
 */
const PROFILE_MIN_RATIO = 3;

/**
 * Where the per-call cost of the doubling batches on one fresh state settled, when it moved by
 * PROFILE_MIN_RATIO or more from the first batch long enough to read (a module-level queue shifted
 * empty: tens of ns per call, then ~1 ns): the start of the first batch within √PROFILE_MIN_RATIO of
 * the last. Null when the cost held (a state that only reads, or none at all). The timed pairs
 * decide whether it matters.
 */
function hiddenSettle(positions: readonly Position[], nsPerOp: number): number | null {
  const readable = positions
    .map((p, i) => ({ from: i === 0 ? 0 : positions[i - 1]!.calls, perCall: p.ns, batchNs: p.ns * (p.calls - (i === 0 ? 0 : positions[i - 1]!.calls)) }))
    .filter((b) => b.batchNs >= Math.max(PROFILE_MIN_BATCH_NS, nsPerOp));
  if (readable.length < 3) return null;
  const head = readable[0]!.perCall;
  const tail = readable.at(-1)!.perCall;
  if (!(head > 0 && tail > 0) || Math.max(head / tail, tail / head) < PROFILE_MIN_RATIO) return null;
  const settled = readable.find((b) => Math.max(b.perCall / tail, tail / b.perCall) < Math.SQRT2);
  return settled === undefined || settled.from === 0 ? null : settled.from;
}

/** Steps of the second pass that narrows a fixed point found between two doublings. */
const REFINE_STEPS = 16;

/**
 * The first of REFINE_STEPS even positions in (from, to] after which a fresh state's fingerprint is
 * `settled` (the doublings only bound the fixed point within 2×: a Set of 5,000 drained read as
 * settled within 8,192 calls).
 */
async function refine(deps: Required<StateChangeDeps>, from: number, to: number, settled: number): Promise<number> {
  const state = await deps.states.create();
  try {
    let calls = 0;
    for (let k = 1; k <= REFINE_STEPS; k++) {
      const next = Math.min(to, from + Math.ceil(((to - from) * k) / REFINE_STEPS));
      if (next <= calls) continue;
      await runTo(deps.states, state, calls, next);
      calls = next;
      if (deps.fingerprint(state).hash === settled) return calls;
    }
    return to;
  } finally {
    await deps.states.dispose(state);
  }
}

/**
 * A state that keeps changing (a cursor, a growing log) has its two batches timed in this many parts
 * each, and each batch read by its fastest part: its batches are a sample's eighth (~1 ms), and on
 * this 2-core host a burst slowed one batch of a pair 1.1-1.6x, so a cursor over four strings read
 * fresh/used 1.27 in the median of 5 pairs in one clean-clone run of 3 (4 of 5 pairs beyond 1.1).
 * A part the host spared reads the body's cost; one that carries the state's first touch, or a
 * burst, only reads longer. A settling state keeps one batch: its fresh calls differ along the way
 * (a queue drained by shift()), so their mean is the comparison.
 */
export const CHANGING_BATCH_PARTS = 8;
/** …each part at least this long: 20 clock reads of ~50 ns (DESIGN.md §3), so its reads cost ≤5% of it. */
const MIN_PART_NS = 1_000;

/** Runs `count` calls on `state` in `parts` parts; per-op ns of the fastest part (of all, when one part). */
async function timedBatch(states: StatefulBatches, state: unknown, count: number, parts: number): Promise<number> {
  let fastest = Number.POSITIVE_INFINITY;
  for (let k = 0, done = 0; k < parts; k++) {
    const calls = Math.floor((count * (k + 1)) / parts) - done;
    if (calls <= 0) continue;
    fastest = Math.min(fastest, (await states.run(state, calls)) / calls);
    done += calls;
  }
  return fastest;
}

/**
 * Times calls [0, first) and [from, from + count) on one fresh state; per-op ns of each. Like is
 * compared with like: the fresh batch follows the same calls on another fresh state (primed), as
 * the later batch follows the calls before it, so a body that repeats exactly the same work on
 * every fresh state (a scratch refilled from one input and sorted) has its branch predictors and
 * caches taught alike on both sides, and only a state that makes later calls do other work (sorted
 * data, an empty queue) differs. Both timed batches come right after a call of setup (the later one
 * after a state made and thrown away): a batch of one short call right after setup ran ~25% slower
 * than one after other calls, which is setup's trace in caches and predictors, not the state's.
 * A state setup keeps outside what it returns (a module-level queue it refills) would be refilled
 * by that extra call, so `hidden` leaves it out.
 */
async function timedPair(states: StatefulBatches, first: number, from: number, count: number, parts: number, hidden = false, clone?: number[]): Promise<[number, number]> {
  const primer = await states.create();
  try {
    await runTo(states, primer, 0, first);
  } finally {
    await states.dispose(primer);
  }
  const state = await states.create();
  try {
    const fresh = await timedBatch(states, state, first, parts);
    await runTo(states, state, first, from);
    if (!hidden) await states.dispose(await states.create());
    const later = await timedBatch(states, state, count, parts);
    if (clone !== undefined) clone.push(await newObjectFirstCall(states, state, count));
    return [fresh, later];
  } finally {
    await states.dispose(state);
  }
}

/**
 * The first `count` calls on a copy of a used state (plain-copy.ts): what the used content costs
 * on an object the body has not run on yet. A first call that costs more only because its object is
 * new (memory first touched, the engine's first look at it: a scratch refilled and sorted read 1.7×
 * on its first call here) costs as much on the copy; one that costs more because of the content
 * setup made (random data, sorted afterwards) does not. NaN when the state is not plain data (a
 * class instance, a function), or the body fails on the copy.
 */
async function newObjectFirstCall(states: StatefulBatches, used: unknown, count: number): Promise<number> {
  const copied = used === undefined ? null : plainCopy(used);
  if (copied === null) return Number.NaN;
  try {
    return (await states.run(copied.copy, count)) / count;
  } catch {
    return Number.NaN;
  }
}

/**
 * The most calls a sample made on its one state. The most, not the typical: where most samples make
 * one call (a fresh state each) and a few make two, those few time a used state, and how many there
 * are depends on the calibration of the run (an in-place sort of 10,000 numbers read 2.7 ms in a run
 * of one-call samples, 1.2 ms in runs of 3).
 */
export function sampleIterations(samples: readonly { iterations: number }[]): number {
  return samples.reduce((most, s) => Math.max(most, s.iterations), 0);
}

/**
 * Probes a benchmark with setup. `sampleIterations` is the calls a sample makes on one state;
 * null when a sample makes one call (each call then has a fresh state). A state is followed through
 * a whole sample when the budget share allows a sample and {@link MIN_REPEATS} pairs of a sample,
 * else through the first part of a sample that does (a body whose samples take longer than the
 * budget share: a list that grows with every call).
 */
export async function probeStateChange(deps: StateChangeDeps, sampleIterations: number, nsPerOp: number, timeBudgetNs: number): Promise<StateChange | null> {
  if (!(sampleIterations >= 2)) return null;
  const budgetCalls = (timeBudgetNs * BUDGET_SHARE) / Math.max(nsPerOp, 1e-3);
  const span = Math.min(sampleIterations, Math.floor(budgetCalls / (1 + MIN_REPEATS)));
  if (span < 2) return null;
  const full = { states: deps.states, fingerprint: deps.fingerprint ?? fingerprintState };
  const { before, positions } = await follow(full, span);
  const prints = [before, ...positions.map((p) => p.print)];
  const lastChange = prints.findLastIndex((p, i) => i > 0 && p.hash !== prints[i - 1]!.hash);
  const last = positions.at(-1)!.print;
  const base = { sampleIterations, followedCalls: span, before: before.text };
  if (lastChange < 0) {
    // Nothing the fingerprint sees changed; the calls' cost may still move with a state it cannot see.
    const hidden = hiddenSettle(positions, nsPerOp);
    if (hidden === null || hidden >= sampleIterations) return { kind: 'unchanged', ...base, settledWithin: null, change: null, timedCalls: 0, freshNsPerOp: [], laterNsPerOp: [] };
    const repeats = Math.min(REPEATS, Math.floor((budgetCalls - span) / (2 * hidden)));
    const fresh: number[] = [];
    const later: number[] = [];
    for (let i = 0; i < repeats && repeats >= MIN_REPEATS; i++) {
      const [a, b] = await timedPair(deps.states, hidden, hidden, hidden, 1, true);
      fresh.push(a);
      later.push(b);
    }
    return { kind: 'settles', ...base, settledWithin: hidden, change: HIDDEN_CHANGE, hidden: true, timedCalls: fresh.length > 0 ? hidden : 0, freshNsPerOp: fresh, laterNsPerOp: later };
  }
  // The last state, or (a body that flips its state back and forth) the first that differed.
  const change = describeChange(before, last) ?? prints.map((p) => describeChange(before, p)).find((c) => c !== null)!;
  const settles = lastChange < prints.length - 1;
  const fresh: number[] = [];
  const later: number[] = [];
  // Settled: the calls up to the fixed point against as many after it. Still changing: the first
  // eighth of the followed calls against the last.
  const settledWithin = settles ? (lastChange >= 2 ? await refine(full, positions[lastChange - 2]!.calls, positions[lastChange - 1]!.calls, last.hash) : positions[lastChange - 1]!.calls) : null;
  const timed = settledWithin ?? Math.max(1, Math.floor(span * CHUNK_SHARE));
  const laterFrom = settledWithin ?? span - timed;
  // Each pair runs the calls up to the end of its later batch.
  const repeats = Math.min(REPEATS, Math.floor((budgetCalls - span) / (laterFrom + timed)));
  const parts = settles ? 1 : Math.max(1, Math.min(CHANGING_BATCH_PARTS, timed, Math.floor((timed * nsPerOp) / MIN_PART_NS)));
  // A state settled by its first call is also timed on a copy of its used state (newObjectFirstCall).
  const copies: number[] | undefined = settles && timed === 1 ? [] : undefined;
  if ((settledWithin === null || settledWithin < sampleIterations) && repeats >= MIN_REPEATS) {
    for (let i = 0; i < repeats; i++) {
      const [a, b] = await timedPair(deps.states, timed, laterFrom, timed, parts, false, copies);
      fresh.push(a);
      later.push(b);
    }
  }
  const copied = copies !== undefined && copies.length > 0 && copies.every(Number.isFinite) ? { usedCopyNsPerOp: copies } : {};
  return { kind: settles ? 'settles' : 'keeps-changing', ...base, settledWithin, change, timedCalls: fresh.length > 0 ? timed : 0, freshNsPerOp: fresh, laterNsPerOp: later, ...copied };
}

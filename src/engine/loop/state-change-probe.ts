/**
 * The state-change probe: does the body change the state its `setup` made, and does the change
 * change what a call costs?
 *
 * A sample makes one state and runs all its calls on it. A body that drains, shifts, pops, sorts in
 * place or grows its state times the first calls on the state setup made and the rest on what the
 * earlier calls left (an empty array, a sorted one, a longer one): the figure is then of something
 * else. The probe follows one fresh state through a sample's worth of calls, fingerprinting it
 * (engine/loop/state-fingerprint.ts) after 1, 2, 4, … calls:
 * - never changed: the body only reads its state (no timing needed);
 * - changed, then stopped changing (a fixed point: drained, sorted): the calls before it and as many
 *   calls after it are timed, on fresh states, {@link REPEATS} times;
 * - kept changing to the end of a sample (grows, or a cursor moves): the first and the last eighth
 *   of a sample's calls are timed, on fresh states, {@link REPEATS} times.
 * Whether the difference matters is the analysis's call (analysis/state-change.ts).
 */
import type { StateChange } from '../../results/state-change-types.js';
import type { StatefulBatches } from './batch-runner.js';
import { describeChange, fingerprintState, type StateFingerprint } from './state-fingerprint.js';

/** Timed pairs (fresh, later): three agreeing pairs make a finding that one disturbed pair cannot; two when three do not fit the budget. */
export const REPEATS = 3;
const MIN_REPEATS = 2;
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
      await runTo(deps.states, state, calls, next);
      calls = next;
      positions.push({ calls, print: deps.fingerprint(state) });
    }
    return { before, positions };
  } finally {
    await deps.states.dispose(state);
  }
}

/**
 * Times calls [0, first) and [from, from + count) on one fresh state; per-op ns of each. Both timed
 * batches come right after a call of setup (the later one after a state made and thrown away): a
 * batch of one short call right after setup ran ~25% slower than one after other calls (a reused
 * 256-byte scratch buffer, 151 against 120 ns), which is setup's trace in caches and predictors,
 * not the state's.
 */
async function timedPair(states: StatefulBatches, first: number, from: number, count: number): Promise<[number, number]> {
  const state = await states.create();
  try {
    const fresh = await states.run(state, first);
    await runTo(states, state, first, from);
    await states.dispose(await states.create());
    const later = await states.run(state, count);
    return [fresh / first, later / count];
  } finally {
    await states.dispose(state);
  }
}

/** The calls a sample makes on its one state: the median of the samples' iteration counts. */
export function sampleIterations(samples: readonly { iterations: number }[]): number {
  const counts = samples.map((s) => s.iterations).sort((a, b) => a - b);
  return counts.length === 0 ? 0 : counts[Math.floor(counts.length / 2)]!;
}

/**
 * Probes a benchmark with setup. `sampleIterations` is the calls a sample makes on one state;
 * null when a sample makes one call (each call then has a fresh state) or the probe would cost more
 * than its share of the budget.
 */
export async function probeStateChange(deps: StateChangeDeps, sampleIterations: number, nsPerOp: number, timeBudgetNs: number): Promise<StateChange | null> {
  if (!(sampleIterations >= 2)) return null;
  const budgetCalls = (timeBudgetNs * BUDGET_SHARE) / Math.max(nsPerOp, 1e-3);
  if (sampleIterations > budgetCalls) return null;
  const full = { states: deps.states, fingerprint: deps.fingerprint ?? fingerprintState };
  const { before, positions } = await follow(full, sampleIterations);
  const prints = [before, ...positions.map((p) => p.print)];
  const lastChange = prints.findLastIndex((p, i) => i > 0 && p.hash !== prints[i - 1]!.hash);
  const last = positions.at(-1)!.print;
  if (lastChange < 0) return { kind: 'unchanged', sampleIterations, settledWithin: null, before: before.text, change: null, timedCalls: 0, freshNsPerOp: [], laterNsPerOp: [] };
  // The last state, or (a body that flips its state back and forth) the first that differed.
  const change = describeChange(before, last) ?? prints.map((p) => describeChange(before, p)).find((c) => c !== null)!;
  const settles = lastChange < prints.length - 1;
  const fresh: number[] = [];
  const later: number[] = [];
  // Settled: the calls up to the fixed point against as many after it. Still changing: the first
  // eighth of a sample against the last.
  const settledWithin = settles ? positions[lastChange - 1]!.calls : null;
  const timed = settledWithin ?? Math.max(1, Math.floor(sampleIterations * CHUNK_SHARE));
  const laterFrom = settledWithin ?? sampleIterations - timed;
  // Each pair runs the calls up to the end of its later batch.
  const repeats = Math.min(REPEATS, Math.floor((budgetCalls - sampleIterations) / (laterFrom + timed)));
  if ((settledWithin === null || settledWithin * 2 <= sampleIterations) && repeats >= MIN_REPEATS) {
    for (let i = 0; i < repeats; i++) {
      const [a, b] = await timedPair(deps.states, timed, laterFrom, timed);
      fresh.push(a);
      later.push(b);
    }
  }
  return {
    kind: settles ? 'settles' : 'keeps-changing',
    sampleIterations,
    settledWithin,
    before: before.text,
    change,
    timedCalls: fresh.length > 0 ? timed : 0,
    freshNsPerOp: fresh,
    laterNsPerOp: later,
  };
}

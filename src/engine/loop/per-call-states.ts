/**
 * How many calls of a `state: 'per-call'` benchmark share one timed chunk: as many states as fit in
 * {@link PER_CALL_STATES_BYTES}, judged from the retained heap of a few states. Larger chunks spread
 * the chunk's two clock reads (~50 ns each, DESIGN.md §3) over more calls; smaller ones keep the
 * states of a chunk in cache.
 */
import { fullGc } from '../memory/forced-gc.js';

/**
 * Heap the states of one chunk may take. A state made right before its use is in cache; states made
 * for a chunk are made just before it, so a chunk that fits in a core's L2 (2 MiB on this project's
 * machine; 1–2 MiB on current x86 and ARM cores) keeps them there. Measured: `queue.shift()` on fresh
 * 1,000-element arrays read 312 ns/op with 64 MiB chunks (states evicted before use) — on a busy host.
 */
export const PER_CALL_STATES_BYTES = 1 * 2 ** 20;
/** A state whose heap size reads below this (a primitive, or a reading disturbed by the sweeper) is counted as this much. */
const MIN_STATE_BYTES = 64;
/**
 * Calls per chunk where the heap did not grow at all while states were made: a runtime whose heap
 * reading does not move (a page), or states that are primitives. 256 states of 4 KiB fill
 * PER_CALL_STATES_BYTES; the chunk of a 64-byte state, 16,384, would hold 1.3 GB of
 * 10,000-number arrays.
 */
const UNWEIGHED_CHUNK = 256;
/** States made to weigh one: their retained heap is read after a full GC, so what setup left as garbage does not count. */
const WEIGHED_STATES = 8;

export interface PerCallChunkDeps {
  heap?: () => number;
  /** A synchronous full GC, or null where it cannot be had (the states' heap growth, garbage included, is used then). */
  gc?: (() => void) | null;
}

/** Calls per chunk, from the retained heap of a few states made (and torn down) to weigh them. */
export async function perCallChunk(make: () => Promise<unknown>, dispose: ((state: unknown) => Promise<unknown>) | null, deps: PerCallChunkDeps = {}): Promise<number> {
  const heap = deps.heap ?? ((): number => process.memoryUsage().heapUsed);
  const gc = deps.gc === undefined ? fullGc() : deps.gc;
  gc?.();
  const before = heap();
  const states: unknown[] = [];
  for (let i = 0; i < WEIGHED_STATES; i++) states.push(await make());
  gc?.();
  const grown = heap() - before;
  if (dispose !== null) for (const state of states) await dispose(state);
  if (!(grown > 0)) return UNWEIGHED_CHUNK;
  const bytes = Math.max(MIN_STATE_BYTES, grown / WEIGHED_STATES);
  return Math.max(1, Math.floor(PER_CALL_STATES_BYTES / bytes));
}

// Shared knobs of the `ubench probe` experiments (not a bench file: it declares nothing).
//
// UBENCH_PROBE_QUICK=1 shrinks parameter lists and buffer sizes so the whole probe finishes well
// under a minute at `--time 200ms --warmup 200ms`; without it the full sizes documented in each
// bench file are used.
import { freemem } from 'node:os';

/** True when `UBENCH_PROBE_QUICK=1` (any non-empty value other than `0`). */
export const QUICK = (process.env['UBENCH_PROBE_QUICK'] ?? '') !== '' && process.env['UBENCH_PROBE_QUICK'] !== '0';

export const KIB = 1024;
export const MIB = 1024 * 1024;

/** Never allocate more than this for one buffer, whatever the mode: keeps the probe safe on small machines. */
export const MAX_BUFFER_BYTES = 512 * MIB;

/**
 * Start of the error message of an experiment that cannot run here; `ubench probe` reports such an
 * experiment as skipped, not failed (src/probe/probe-types.ts CANNOT_RUN spells the same words).
 */
export const CANNOT_RUN = 'cannot run: ';

/**
 * Whether a buffer of `bytes` may be allocated: at most MAX_BUFFER_BYTES and at most a quarter of
 * the free memory (a quarter, because an experiment may hold two buffers plus the JS heap, and the
 * rest of the machine must keep running).
 */
export function fitsInMemory(bytes: number): boolean {
  return bytes <= MAX_BUFFER_BYTES && bytes <= freemem() / 4;
}

/** Throws a "cannot run" error saying why unless {@link fitsInMemory}; call it in setup, before building a buffer. */
export function needMemory(bytes: number, what: string): void {
  if (fitsInMemory(bytes)) return;
  const mib = (n: number): string => `${Math.round(n / MIB)} MiB`;
  const why = bytes > MAX_BUFFER_BYTES ? `above the probe's cap of ${mib(MAX_BUFFER_BYTES)}` : `more than a quarter of the free memory (${mib(freemem())} free)`;
  throw new Error(`${CANNOT_RUN}${what} needs ${mib(bytes)}, ${why}`);
}

/** Where {@link processWide} keeps what it built: on the global object, which every module instance of a process shares. */
const PROCESS_WIDE = Symbol.for('ubench.probe.process-wide');

/**
 * What `make` builds, once per process under `key`, whichever module instance asks first. ubench
 * gives each benchmark of a file its own instance of the file and of this module, so a buffer kept in
 * a module variable is built (and held) once per benchmark: six lane counts built six 64 MiB cycles.
 * Only for buffers no benchmark changes in a way another one would see.
 */
export function processWide<T>(key: string, make: () => T): T {
  const store = ((globalThis as Record<symbol, unknown>)[PROCESS_WIDE] ??= new Map<string, unknown>()) as Map<string, unknown>;
  if (!store.has(key)) store.set(key, make());
  return store.get(key) as T;
}

/** Deterministic xorshift32 generator, so every run builds the same permutations and data. */
export function xorshift32(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
}

/**
 * Sattolo's algorithm: a uniformly random cyclic permutation of 0..n-1 as a "next index" table, so
 * that following `next[i]` from any start visits all n elements before returning. Written into the
 * first n elements of `into` when given (so one buffer serves every size), else into a new array.
 */
export function sattoloCycle(n: number, seed = 1, into?: Uint32Array): Uint32Array {
  const next = into === undefined ? new Uint32Array(n) : into.subarray(0, n);
  for (let i = 0; i < n; i++) next[i] = i;
  const rand = xorshift32(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = rand() % i; // j < i: Sattolo, not Fisher–Yates, so the result is a single cycle
    const t = next[i]!;
    next[i] = next[j]!;
    next[j] = t;
  }
  return next;
}

/** A uniformly random order of 0..n-1 (Fisher–Yates over a {@link xorshift32} stream). */
export function randomOrder(n: number, seed = 1): Uint32Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  shuffleInPlace(order, xorshift32(seed));
  return order;
}

/** Fisher–Yates: shuffles `a` in place with a {@link xorshift32} stream. */
function shuffleInPlace(a: Uint32Array, rand: () => number): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = rand() % (i + 1);
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
}

/**
 * A page-local random cycle over `bytes`: one element per `lineBytes` line, every line of a
 * `pageBytes` page in random order before the next page, pages in random order. A TLB miss then comes
 * once per page, amortized over its lines, so the time per load is the caches' latency rather than
 * the caches' plus the page walks' (the plain {@link sattoloCycle} misses the TLB on almost every load
 * once the working set outgrows the TLB's reach). Written into `into` (only the elements on the
 * cycle are set); returns the cycle's first element.
 */
export function pageLocalCycle(bytes: number, into: Uint32Array, seed = 1, lineBytes = 64, pageBytes = 4 * KIB): number {
  const lineElements = lineBytes / 4;
  const linesPerPage = pageBytes / lineBytes;
  const pages = Math.max(1, Math.floor(bytes / pageBytes));
  const rand = xorshift32(seed);
  const pageOrder = new Uint32Array(pages).map((_, i) => i);
  shuffleInPlace(pageOrder, rand);
  const lineOrder = new Uint32Array(linesPerPage).map((_, i) => i);
  let first = -1;
  let previous = -1;
  for (const page of pageOrder) {
    shuffleInPlace(lineOrder, rand);
    for (const line of lineOrder) {
      const element = (page * linesPerPage + line) * lineElements;
      if (previous >= 0) into[previous] = element;
      else first = element;
      previous = element;
    }
  }
  into[previous] = first;
  return first;
}

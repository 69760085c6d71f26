/**
 * `ubench ab`'s two processes of a pair share V8's string-hash seed, a different one for each pair.
 * V8 draws the seed at random in every process, and where a body hashes strings (a `Map` or an
 * object of string keys) the seed sets where each key sits in the table: the same `Map#get` read
 * 8.25–9.41 ns under six seeds, two processes of one seed within 0.03–0.22 ns of each other
 * (measured here, lab/peers.md). A pair's two sides then meet the same tables, and their ratio
 * loses that spread (A/A of that `Map#get`, 12 pairs: the paired ratio spread ±1.1% and ±3.1% in
 * two runs, against ±6.0% and ±7.3% with V8's draw; docs/comparing.md); across pairs the seeds
 * differ, so the verdict still spans many layouts.
 */
import type { RunOptions } from '../run-options.js';

/** V8 reads 0 as "draw one at random", so seeds are taken from 1 up to this (2³¹ − 1). */
const MAX_HASH_SEED = 2 ** 31 - 1;
/** A seed of the user's own (`--node-flags "--hash-seed=N"`) is left to hold for every process. */
const USER_SEED = /^--hash[-_]seed(=|$)/;

/** The hash seed of pair `pair` in a run with seed `runSeed`: nonzero, different for each pair. */
export function pairHashSeed(runSeed: number, pair: number): number {
  const mixed = (Math.imul(runSeed | 0, 0x9e3779b1) + Math.imul(pair + 1, 0x85ebca6b)) >>> 0;
  return 1 + (mixed % (MAX_HASH_SEED - 1));
}

/**
 * Whether a pair's processes can be given a shared seed: every runtime of the run is V8's (Bun's
 * JavaScriptCore takes no V8 flags), and the user did not set one.
 */
export function sharesHashSeed(run: Pick<RunOptions, 'runtimes' | 'nodeFlags'>): boolean {
  return run.runtimes.every((r) => r.kind !== 'bun') && !(run.nodeFlags ?? []).some((flag) => USER_SEED.test(flag));
}

/** The flags of pair `pair`'s processes: the user's, and the pair's hash seed where it can be shared. */
export function pairNodeFlags(run: Pick<RunOptions, 'runtimes' | 'nodeFlags' | 'seed'>, pair: number): string[] | undefined {
  if (!sharesHashSeed(run)) return run.nodeFlags;
  return [...(run.nodeFlags ?? []), `--hash-seed=${pairHashSeed(run.seed, pair)}`];
}

/**
 * A hash of what a benchmark's functions say in source (`toString()` of its body, setup and
 * teardown, and its body kind), taken in the benchmark process, where the functions are: half of
 * its source fingerprint (the runner adds the files', runner/record/source-fingerprint.ts). Pure
 * JavaScript, so every runtime and a browser page give the same hash for the same text.
 */
import type { DeclaredBenchmark } from '../../define/declaration-types.js';

/** FNV-1a's 32-bit offset basis and prime (Fowler–Noll–Vo, IETF draft-eastlake-fnv): two lanes of differently seeded FNV-1a give 64 bits. */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** The second lane's seed: any odd constant unlike the first (the golden ratio's 32 bits). */
const SECOND_LANE_SEED = 0x9e3779b9;

function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME) >>> 0;
  }
  return hash >>> 0;
}

/** 16 hex digits of a 64-bit hash of `text`. */
export function textHash(text: string): string {
  const hex = (n: number): string => n.toString(16).padStart(8, '0');
  return hex(fnv1a(text, FNV_OFFSET)) + hex(fnv1a(text, (FNV_OFFSET ^ SECOND_LANE_SEED) >>> 0));
}

/** The hash of a declared benchmark's functions as written. */
export function bodySourceHash(bench: Pick<DeclaredBenchmark, 'kind' | 'body' | 'setup' | 'teardown'>): string {
  return textHash([bench.kind, String(bench.body), bench.setup === null ? '' : String(bench.setup), bench.teardown === null ? '' : String(bench.teardown)].join('\u0000'));
}

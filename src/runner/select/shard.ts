/**
 * `--shard i/n`: a deterministic share of the suite. Items are sorted by a stable key (file path,
 * or benchmark id with `--isolate benchmark`) and dealt out in turn, so the n shares are disjoint,
 * cover the suite, differ in size by at most one, and do not depend on the order files were found in.
 */
export interface Shard {
  /** 1-based, as CI matrices count. */
  index: number;
  count: number;
}

export function shareOf<T>(items: readonly T[], keyOf: (item: T) => string, shard: Shard): T[] {
  const sorted = [...items].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  return sorted.filter((_, i) => i % shard.count === shard.index - 1);
}

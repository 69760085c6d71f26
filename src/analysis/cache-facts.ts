/**
 * The cache sizes a run's cliffs are named against: from a `ubench probe` document (`--probe`), the
 * knees its cache-size experiment inferred, or else the sizes the operating system reports.
 */
import { LAST_LEVEL_CACHE, type CacheFacts, type CacheLevelSize } from '../results/complexity-types.js';
import { cacheLabel, type OsCacheFacts } from '../probe/os-cache-facts.js';
import { LAST_LEVEL_KNEE } from '../probe/experiments/cache-size-experiment.js';
import type { ProbeDocument } from '../probe/probe-types.js';

/** The probe experiment whose findings are the cache sizes. */
const CACHE_SIZE_EXPERIMENT = 'cache-size';

/** The probe names a knee matching an OS cache `<label> size` (e.g. `L2 size`), and other knees `knee`. */
const NAMED_FINDING = /^(L\S+) size$/;

function bySize(levels: CacheLevelSize[]): CacheLevelSize[] {
  return levels.sort((a, b) => a.sizeBytes - b.sizeBytes);
}

/**
 * The cache levels of a probe document: each finding of its cache-size experiment that has a value.
 * A finding the probe matched to an OS cache keeps that name; a knee the OS does not name is named by
 * its rank among the knees (the second knee `L2`, marked `ranked`: a knee may also be a TLB's reach),
 * except the last climb before main memory's plateau, which is the last-level cache (`LLC`) whatever
 * its rank: on a machine whose last level is too small or too shared to show a plateau of its own,
 * the probe sees the exits of two levels as one climb.
 *
 * @returns null when the document has no cache-size experiment or it found no level.
 */
export function cacheFactsFromProbe(doc: ProbeDocument, origin: string): CacheFacts | null {
  const experiment = doc.experiments.find((e) => e.id === CACHE_SIZE_EXPERIMENT);
  if (experiment === undefined) return null;
  const found = experiment.findings.filter((f) => f.unit === 'bytes' && f.value !== null && f.value > 0);
  const ranked = [...found].sort((a, b) => a.value! - b.value!);
  const levels = ranked.map((f, i) => {
    const named = NAMED_FINDING.exec(f.name);
    const climbEndBytes = f.upTo ?? null;
    if (f.name === LAST_LEVEL_KNEE) return { name: LAST_LEVEL_CACHE, sizeBytes: f.value!, ranked: false, climbEndBytes };
    return named !== null ? { name: named[1]!, sizeBytes: f.value!, ranked: false, climbEndBytes } : { name: `L${i + 1}`, sizeBytes: f.value!, ranked: true, climbEndBytes };
  });
  return levels.length === 0 ? null : { source: 'probe', origin, levels: bySize(levels) };
}

/** The data and unified caches the operating system lists; null when it lists none. */
export function cacheFactsFromOs(os: OsCacheFacts, origin: string): CacheFacts | null {
  const levels = os.caches
    .filter((c) => c.type !== 'Instruction' && c.sizeBytes !== null && c.sizeBytes > 0)
    .map((c) => ({ name: cacheLabel(c), sizeBytes: c.sizeBytes!, ranked: false, climbEndBytes: null }));
  return levels.length === 0 ? null : { source: 'os', origin, levels: bySize(levels) };
}

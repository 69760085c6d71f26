/** Cache sizes: latency of a random pointer chase against the working-set size, and its knees. */
import { inferCacheLevels, type CacheLevelKnee } from '../infer-cache-levels.js';
import { cacheLabel, type OsCache } from '../os-cache-facts.js';
import { numericParam, probePoints, type ProbeExperiment } from '../probe-experiment.js';
import type { ProbeFinding } from '../probe-types.js';
import { formatProbeValue } from '../probe-value-text.js';

const KIB = 1024;

/** The finding of the last climb when main memory's plateau follows it (see CacheLevelKnee.lastLevel). */
export const LAST_LEVEL_KNEE = 'last-level knee';

/** The (and the usual) tolerance for a knee: within a factor of 2 of the OS's cache size. */
export const KNEE_TOLERANCE = 2;

function plateaus(k: CacheLevelKnee): string {
  return `${k.nsBefore.toFixed(1)} ns per load before the climb, ${k.nsAfter.toFixed(1)} ns at its top (${formatProbeValue(k.climbEndBytes, 'bytes')})`;
}

/**
 * One finding per data or unified OS cache (the nearest knee within {@link KNEE_TOLERANCE}×), and
 * one per knee that matches no OS cache. Without OS facts, every knee is a finding of its own.
 */
export function matchKnees(knees: readonly CacheLevelKnee[], caches: readonly OsCache[], largestBytes: number): ProbeFinding[] {
  const used = new Set<CacheLevelKnee>();
  const findings: ProbeFinding[] = [];
  for (const c of caches.filter((x) => x.type !== 'Instruction' && x.sizeBytes !== null)) {
    const size = c.sizeBytes!;
    const candidates = knees.filter((k) => !used.has(k) && Math.abs(Math.log2(k.sizeBytes / size)) <= Math.log2(KNEE_TOLERANCE));
    const best = candidates.sort((a, b) => Math.abs(Math.log2(a.sizeBytes / size)) - Math.abs(Math.log2(b.sizeBytes / size)))[0];
    const name = `${cacheLabel(c)} size`;
    if (best !== undefined) {
      used.add(best);
      findings.push({ name, value: best.sizeBytes, unit: 'bytes', os: size, agrees: true, note: plateaus(best), upTo: best.climbEndBytes, plateauNs: best.nsBefore });
    } else if (largestBytes < KNEE_TOLERANCE * size) {
      findings.push({
        name,
        value: null,
        unit: 'bytes',
        os: size,
        agrees: null,
        note: `not resolvable: a knee shows only with working sets up to ${KNEE_TOLERANCE}× the cache, and the largest measured is ${formatProbeValue(largestBytes, 'bytes')}`,
      });
    } else {
      findings.push({ name, value: null, unit: 'bytes', os: size, agrees: false, note: `no knee within ${KNEE_TOLERANCE}× of the OS's size` });
    }
  }
  for (const k of knees.filter((x) => !used.has(x))) {
    const memory = k.lastLevel ? `; flat from its top on: main memory, so this climb leaves the last-level cache` : '';
    const note = caches.length === 0 ? `${plateaus(k)}${memory}` : `${plateaus(k)}${memory}; matches no cache the OS lists (TLB reach, or a cache shared differently than reported)`;
    findings.push({ name: k.lastLevel ? LAST_LEVEL_KNEE : 'knee', value: k.sizeBytes, unit: 'bytes', os: null, agrees: null, note, upTo: k.climbEndBytes, plateauNs: k.nsBefore });
  }
  return findings;
}

/**
 * Below this working set no current core's first-level data TLB misses (64 entries × 4 KiB and up), so
 * the plain chase's knees there are the caches' too. The page-local chase pays a cost of its own at
 * its smallest sizes that can hide the first knee (measured on a 2-core VM: 3.9 ns per load at 16 KiB
 * against the plain chase's 1.5 ns, 2.6 ns at 32 KiB), so the knees there come from the plain chase.
 */
export const TLB_FREE_BYTES = 256 * KIB;

/** The plain chase's knees whose climb ends within {@link TLB_FREE_BYTES}, then the page-local chase's from there on. */
export function combinedKnees(plain: readonly CacheLevelKnee[], local: readonly CacheLevelKnee[]): CacheLevelKnee[] {
  const small = plain.filter((k) => k.climbEndBytes <= TLB_FREE_BYTES);
  const from = small.length === 0 ? 0 : small[small.length - 1]!.climbEndBytes;
  return [...small, ...local.filter((k) => k.sizeBytes >= from)];
}

/** The chase whose knees are the cache levels: a TLB miss only once per page (probe/cache-size.bench.ts). */
const PAGE_LOCAL = 'pointer chase, page-local';
/** Every load a random line anywhere: caches and page walks together. */
const PLAIN = 'pointer chase';

export const cacheSizeExperiment: ProbeExperiment = {
  id: 'cache-size',
  title: 'Cache sizes',
  analyze(benchmarks, os) {
    const chasePoints = (name: string) =>
      probePoints(
        benchmarks,
        name,
        (b) => numericParam(b, 'kib') * KIB,
        (ns) => ns,
      );
    const local = chasePoints(PAGE_LOCAL);
    const plain = chasePoints(PLAIN);
    // Documents of earlier versions have the plain chase alone: its knees are then the best there is.
    const levelsFrom = local.length >= 2 ? local : plain;
    const kneesOf = (points: typeof local) => inferCacheLevels(points.map((p) => ({ bytes: p.x as number, nsPerLoad: p.y })));
    const knees = levelsFrom === local ? combinedKnees(kneesOf(plain), kneesOf(local)) : kneesOf(plain);
    const largest = levelsFrom.length === 0 ? 0 : (levelsFrom[levelsFrom.length - 1]!.x as number);
    const smallPages = os.pageBytes !== null && os.pageBytes <= 4 * KIB;
    const notes = [
      ...(levelsFrom === local
        ? [
            `knees up to ${formatProbeValue(TLB_FREE_BYTES, 'bytes')} are the plain chase's, larger ones the page-local chase's: the plain chase adds a TLB miss to almost every load once the working set outgrows the TLB's reach`,
          ]
        : []),
      ...(levelsFrom === plain && smallPages ? [`with ${os.pageBytes! / KIB} KiB pages, TLB misses add to the latency of large working sets and can blur the knees of large caches`] : []),
    ];
    const series = (name: string, description: string, points: typeof local) => ({
      name,
      description,
      xLabel: 'working set',
      xUnit: 'bytes' as const,
      yLabel: 'latency per load',
      yUnit: 'ns' as const,
      logY: true,
      points,
    });
    return {
      series: [
        ...(local.length > 0 ? [series(PAGE_LOCAL, 'one dependent load per cache line, the lines of each 4 KiB page in random order before the next page; y = time per load', local)] : []),
        series(PLAIN, 'one dependent load in a random cycle over the whole working set (TLB misses included); y = time per load', plain),
      ],
      findings: levelsFrom.length < 2 ? [] : matchKnees(knees, os.caches, largest),
      notes,
    };
  },
};

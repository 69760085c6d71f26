/** Cache sizes: latency of a random pointer chase against the working-set size, and its knees. */
import { inferCacheLevels, type CacheLevelKnee } from '../infer-cache-levels.js';
import { cacheLabel, type OsCache } from '../os-cache-facts.js';
import { numericParam, probePoints, type ProbeExperiment } from '../probe-experiment.js';
import type { ProbeFinding } from '../probe-types.js';
import { formatProbeValue } from '../probe-value-text.js';

const KIB = 1024;

/** The (and the usual) tolerance for a knee: within a factor of 2 of the OS's cache size. */
export const KNEE_TOLERANCE = 2;

function plateaus(k: CacheLevelKnee): string {
  return `${k.nsBefore.toFixed(1)} ns per load before the climb, ${k.nsAfter.toFixed(1)} ns after`;
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
      findings.push({ name, value: best.sizeBytes, unit: 'bytes', os: size, agrees: true, note: plateaus(best) });
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
    const note = caches.length === 0 ? plateaus(k) : `${plateaus(k)}; matches no cache the OS lists (TLB reach, or a cache shared differently than reported)`;
    findings.push({ name: 'knee', value: k.sizeBytes, unit: 'bytes', os: null, agrees: null, note });
  }
  return findings;
}

export const cacheSizeExperiment: ProbeExperiment = {
  id: 'cache-size',
  title: 'Cache sizes',
  analyze(benchmarks, os) {
    const points = probePoints(
      benchmarks,
      'pointer chase',
      (b) => numericParam(b, 'kib') * KIB,
      (ns) => ns,
    );
    const knees = inferCacheLevels(points.map((p) => ({ bytes: p.x as number, nsPerLoad: p.y })));
    const largest = points.length === 0 ? 0 : (points[points.length - 1]!.x as number);
    const notes =
      os.pageBytes !== null && os.pageBytes <= 4 * KIB ? [`with ${os.pageBytes / KIB} KiB pages, TLB misses add to the latency of large working sets and can blur the knees of large caches`] : [];
    return {
      series: [
        {
          name: 'pointer chase',
          description: 'one dependent load in a random cycle over the working set; y = time per load',
          xLabel: 'working set',
          xUnit: 'bytes',
          yLabel: 'latency per load',
          yUnit: 'ns',
          logY: true,
          points,
        },
      ],
      findings: points.length < 2 ? [] : matchKnees(knees, os.caches, largest),
      notes,
    };
  },
};

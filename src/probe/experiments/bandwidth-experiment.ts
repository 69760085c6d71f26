/** Memory bandwidth: a sequential pass reading one byte per 64 over a buffer beyond the caches. */
import { measuredOnly, numericParam, probePoints, type ProbeExperiment } from '../probe-experiment.js';

const MIB = 1024 * 1024;

/** A buffer smaller than this multiple of the last-level cache may be served partly from it (Lemire uses ≫). */
export const LLC_MARGIN = 4;

export const bandwidthExperiment: ProbeExperiment = {
  id: 'bandwidth',
  title: 'Memory bandwidth',
  analyze(benchmarks, os) {
    const b = benchmarks.find((x) => x.baseName === 'sequential read, 1 byte per 64' && x.status === 'ok' && x.estimate !== null);
    const bytes = b === undefined ? 0 : numericParam(b, 'mib') * MIB;
    const points = probePoints(
      benchmarks,
      'sequential read, 1 byte per 64',
      () => bytes,
      (ns) => bytes / ns,
    );
    if (b === undefined || points.length === 0) return { series: [], findings: [], notes: [] };
    const best = b.stats === null ? null : bytes / b.stats.min;
    const llc = Math.max(0, ...os.caches.filter((c) => c.type !== 'Instruction').map((c) => c.sizeBytes ?? 0));
    const notes =
      llc > 0 && bytes < LLC_MARGIN * llc
        ? [
            `the ${bytes / MIB} MiB buffer is less than ${LLC_MARGIN}× the last-level cache (${Math.round(llc / MIB)} MiB): part of each pass may come from the cache, so this is an upper bound on memory bandwidth`,
          ]
        : [];
    return {
      series: [
        {
          name: 'sequential read',
          description: `one pass over ${bytes / MIB} MiB reading one byte per 64; y = buffer bytes / time`,
          xLabel: 'buffer',
          xUnit: 'bytes',
          yLabel: 'bandwidth',
          yUnit: 'GB/s',
          logY: false,
          points,
        },
      ],
      findings: [measuredOnly('bandwidth (median pass)', points[0]!.y, 'GB/s'), measuredOnly('bandwidth (best pass)', best, 'GB/s', 'the fastest sample, as Lemire reports "best of several"')],
      notes,
    };
  },
};

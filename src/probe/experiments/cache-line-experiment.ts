/** Cache-line size: the strided copy (GB/s per stride) and the line pair chase (ns per slot). */
import { inferLineSizeFromPairChase, inferLineSizeFromStridedCopy } from '../infer-line-size.js';
import { numericParam, probePoints, type ProbeExperiment } from '../probe-experiment.js';
import type { ProbeFinding } from '../probe-types.js';

const MIB = 1024 * 1024;

export const cacheLineExperiment: ProbeExperiment = {
  id: 'cache-line',
  title: 'Cache line size',
  analyze(benchmarks, os) {
    const copy = probePoints(
      benchmarks,
      'strided copy',
      (b) => numericParam(b, 'stride'),
      (ns, b) => (numericParam(b, 'mib') * MIB) / ns,
    );
    const chase = probePoints(
      benchmarks,
      'line pair chase',
      (b) => numericParam(b, 'offset'),
      (ns) => ns,
    );
    const spanBytes = (copy.length > 0 ? numericParam(benchmarks.find((b) => b.baseName === 'strided copy')!, 'mib') : 0) * MIB;
    const fromCopy =
      copy.length < 2
        ? null
        : inferLineSizeFromStridedCopy(
            copy.map((p) => ({ strideBytes: p.x as number, nsPerPass: p.nsPerOp })),
            spanBytes,
          );
    const fromChase = chase.length < 2 ? null : inferLineSizeFromPairChase(chase.map((p) => ({ offsetBytes: p.x as number, nsPerOp: p.nsPerOp })));
    const compare = (value: number | null): Pick<ProbeFinding, 'os' | 'agrees'> => ({ os: os.lineBytes, agrees: value === null || os.lineBytes === null ? null : value === os.lineBytes });
    const findings: ProbeFinding[] = [
      {
        name: 'line size',
        value: fromChase,
        unit: 'bytes',
        ...compare(fromChase),
        note: fromChase === null ? 'the line pair chase shows no jump (or did not run)' : 'from the line pair chase: the first offset whose second load misses',
      },
      {
        name: 'line size (strided copy)',
        value: fromCopy,
        unit: 'bytes',
        ...compare(fromCopy),
        note:
          fromCopy !== null && fromChase !== null && fromCopy > fromChase
            ? 'hardware prefetchers fetch the lines a stride skips, which moves this knee to a multiple of the line; trust the pair chase'
            : fromCopy === null
              ? 'span bandwidth never grows ×1.5 per stride doubling (or the copy did not run)'
              : 'the smallest stride from which span bandwidth grows with the stride',
      },
    ];
    return {
      series: [
        {
          name: 'strided copy',
          description: `one pass over ${spanBytes / MIB} MiB copying one byte per stride; y = span bytes / time`,
          xLabel: 'stride',
          xUnit: 'bytes',
          yLabel: 'span bandwidth',
          yUnit: 'GB/s',
          logY: false,
          points: copy,
        },
        {
          name: 'line pair chase',
          description: 'two dependent loads `offset` bytes apart in each randomly visited 4 KiB slot; y = time per slot',
          xLabel: 'offset',
          xUnit: 'bytes',
          yLabel: 'time per slot',
          yUnit: 'ns',
          logY: false,
          points: chase,
        },
      ],
      findings,
      notes: [],
    };
  },
};

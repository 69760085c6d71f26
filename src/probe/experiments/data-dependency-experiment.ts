/** Data dependency: prefix sum (each step needs the previous) against successive differences. */
import { analyzeDataDependency } from '../data-dependency.js';
import type { BenchmarkResult } from '../../results/types.js';
import { measuredOnly, numericParam, probePoints, type ProbeExperiment } from '../probe-experiment.js';

export const dataDependencyExperiment: ProbeExperiment = {
  id: 'data-dependency',
  title: 'Data dependency',
  analyze(benchmarks) {
    const perElement = (ns: number, b: BenchmarkResult): number => ns / numericParam(b, 'elements');
    const points = [...probePoints(benchmarks, 'prefix sum', () => 'prefix sum', perElement), ...probePoints(benchmarks, 'successive differences', () => 'successive differences', perElement)];
    const [prefix, differences] = [points.find((p) => p.x === 'prefix sum'), points.find((p) => p.x === 'successive differences')];
    const cost = prefix && differences ? analyzeDataDependency(prefix.y, differences.y, 1) : null;
    return {
      series: [
        {
          name: 'one pass',
          description: 'one in-place pass over the array; y = time per element',
          xLabel: 'loop',
          xUnit: 'label',
          yLabel: 'time per element',
          yUnit: 'ns',
          logY: false,
          points,
        },
      ],
      findings: cost === null ? [] : [measuredOnly('prefix sum ÷ differences', cost.slowdown, 'ratio', '> 1: the loop-carried dependency is the bottleneck')],
      notes: [],
    };
  },
};

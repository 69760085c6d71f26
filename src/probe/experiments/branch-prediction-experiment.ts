/** Branch prediction: copy-odd on random, all-odd and all-even data, and a branchless copy. */
import { analyzeBranchCost } from '../branch-cost.js';
import { measuredOnly, numericParam, probePoints, type ProbeExperiment } from '../probe-experiment.js';
import type { ProbePoint } from '../probe-types.js';
import type { BenchmarkResult } from '../../results/types.js';

export const branchPredictionExperiment: ProbeExperiment = {
  id: 'branch-prediction',
  title: 'Branch prediction',
  analyze(benchmarks) {
    const perElement = (ns: number, b: BenchmarkResult): number => ns / numericParam(b, 'elements');
    const branchy = probePoints(benchmarks, 'branchy', (b) => String(b.params['data']), perElement);
    const branchless = probePoints(benchmarks, 'branchless', () => 'branchless, random', perElement);
    const points = [...branchy, ...branchless];
    const at = (x: string): ProbePoint | undefined => points.find((p) => p.x === x);
    const random = at('random'),
      odd = at('odd'),
      even = at('even'),
      free = at('branchless, random');
    const cost = random && odd && even && free ? analyzeBranchCost({ elements: 1, randomNs: random.y, oddNs: odd.y, evenNs: even.y, branchlessNs: free.y }) : null;
    return {
      series: [
        {
          name: 'copy odd',
          description: 'one pass copying the odd elements; y = time per element',
          xLabel: 'data',
          xUnit: 'label',
          yLabel: 'time per element',
          yUnit: 'ns',
          logY: false,
          points,
        },
      ],
      findings:
        cost === null
          ? []
          : [
              measuredOnly('slowdown on random data', cost.slowdown, 'ratio', 'random ÷ the faster predictable data'),
              measuredOnly('cost per misprediction', cost.costPerMispredictionNs, 'ns', 'assuming half the branches on random data mispredict'),
              measuredOnly('branchless ÷ predictable', cost.branchlessVsPredictable, 'ratio', '≈ 1 or above when the predictor works'),
            ],
      notes: [],
    };
  },
};

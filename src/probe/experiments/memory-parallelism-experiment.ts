/** Memory latency and memory-level parallelism: 1…40 lanes chasing one random cycle. */
import { analyzeMemoryParallelism } from '../memory-parallelism.js';
import { measuredOnly, numericParam, probePoints, type ProbeExperiment } from '../probe-experiment.js';

export const memoryParallelismExperiment: ProbeExperiment = {
  id: 'memory-parallelism',
  title: 'Memory latency and parallelism',
  analyze(benchmarks) {
    const perLoad = probePoints(
      benchmarks,
      'chase lanes',
      (b) => numericParam(b, 'lanes'),
      (ns, b) => ns / numericParam(b, 'lanes'),
    );
    const analysis = analyzeMemoryParallelism(perLoad.map((p) => ({ lanes: p.x as number, nsPerOp: p.nsPerOp })));
    const one = analysis?.latencyNs ?? Number.NaN;
    const speedup = perLoad.map((p) => ({ ...p, y: one / p.y, yLower: one / p.yUpper, yUpper: one / p.yLower }));
    return {
      series: [
        {
          name: 'ns per load',
          description: 'every lane advances one step per operation; y = time per operation / lanes',
          xLabel: 'lanes',
          xUnit: 'lanes',
          yLabel: 'time per load',
          yUnit: 'ns',
          logY: true,
          points: perLoad,
        },
        {
          name: 'speed-up',
          description: 'ns per load at one lane / ns per load at k lanes (CI from the k-lane point only)',
          xLabel: 'lanes',
          xUnit: 'lanes',
          yLabel: 'speed-up',
          yUnit: 'ratio',
          logY: false,
          points: analysis === null ? [] : speedup,
        },
      ],
      findings:
        analysis === null
          ? []
          : [
              measuredOnly('memory latency', analysis.latencyNs, 'ns', 'one lane: each load waits for the previous one'),
              measuredOnly('best speed-up', analysis.maxSpeedup, 'ratio', 'loads in flight at once, at best'),
              measuredOnly('saturation', analysis.saturationLanes, 'lanes', 'the fewest lanes reaching 90% of the best speed-up'),
            ],
      notes: [],
    };
  },
};

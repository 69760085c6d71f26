/** The three charts of one benchmark, as specs: distribution, samples in run order, time vs iterations. */
import { perOpValues } from '../results/derived-values.js';
import type { BenchmarkResult } from '../results/types.js';
import { histogramBins } from '../stats/histogram.js';
import type { HistogramSpec, IterationsSpec, RunOrderSpec } from './chart-spec.js';

/** Null without samples or an estimate. */
export function histogramSpec(b: BenchmarkResult): HistogramSpec | null {
  if (b.samples.length === 0 || b.estimate === null) return null;
  const { nsPerOp, ciLower, ciUpper } = b.estimate;
  return { kind: 'histogram', bins: histogramBins(perOpValues(b.samples)), median: nsPerOp, ciLower, ciUpper };
}

export function runOrderSpec(b: BenchmarkResult): RunOrderSpec | null {
  if (b.samples.length === 0 || b.estimate === null) return null;
  // With --forks the samples are pooled in fork order; mark where each later process starts.
  const forkStarts: number[] = [];
  if (b.forks !== null) {
    let at = 0;
    for (const f of b.forks.slice(0, -1)) {
      at += f.sampleCount;
      forkStarts.push(at);
    }
  }
  return { kind: 'run-order', values: perOpValues(b.samples), median: b.estimate.nsPerOp, forkStarts };
}

export function iterationsSpec(b: BenchmarkResult): IterationsSpec | null {
  if (b.samples.length === 0) return null;
  const points = b.samples.map((s) => ({ x: s.iterations, y: s.elapsedNs }));
  const xs = points.map((p) => p.x);
  const [lo, hi] = [Math.min(...xs), Math.max(...xs)];
  const fit = b.regression === null || lo === hi ? null : [lo, hi].map((x) => ({ x, y: b.regression!.interceptNs + b.regression!.slopeNs * x }));
  return { kind: 'iterations', points, fit };
}

/**
 * Data-dependency cost from `probe/data-dependency.bench.ts`: the same pass over N elements as a
 * prefix sum (each step needs the previous result) and as successive differences (independent steps).
 */

export interface DependencyCost {
  prefixNsPerElement: number;
  differencesNsPerElement: number;
  /** Prefix-sum time / successive-differences time: > 1 when the dependency chain is the bottleneck. */
  slowdown: number;
}

/** Per-element times and the slowdown caused by the loop-carried dependency. */
export function analyzeDataDependency(prefixNsPerPass: number, differencesNsPerPass: number, elements: number): DependencyCost {
  return {
    prefixNsPerElement: prefixNsPerPass / elements,
    differencesNsPerElement: differencesNsPerPass / elements,
    slowdown: prefixNsPerPass / differencesNsPerPass,
  };
}

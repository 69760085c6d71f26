/** The experiments of `ubench probe`, in the order they run, and where their bench files are. */
import { fileURLToPath } from 'node:url';
import { bandwidthExperiment } from './experiments/bandwidth-experiment.js';
import { branchPredictionExperiment } from './experiments/branch-prediction-experiment.js';
import { cacheLineExperiment } from './experiments/cache-line-experiment.js';
import { cacheSizeExperiment } from './experiments/cache-size-experiment.js';
import { dataDependencyExperiment } from './experiments/data-dependency-experiment.js';
import { memoryParallelismExperiment } from './experiments/memory-parallelism-experiment.js';
import type { ProbeExperiment } from './probe-experiment.js';

/** In report order: cache-resident experiments first, then the memory hierarchy from small to large. */
export const PROBE_EXPERIMENTS: readonly ProbeExperiment[] = [
  branchPredictionExperiment,
  dataDependencyExperiment,
  cacheLineExperiment,
  cacheSizeExperiment,
  bandwidthExperiment,
  memoryParallelismExperiment,
];

/** The bench file's name of an experiment: `probe/<id>.bench.ts` in the package. */
export function probeFileName(id: string): string {
  return `${id}.bench.ts`;
}

/** Absolute path of an experiment's bench file (the `probe/` folder ships beside `dist/`). */
export function probeFilePath(id: string): string {
  return fileURLToPath(new URL(`../../probe/${probeFileName(id)}`, import.meta.url));
}

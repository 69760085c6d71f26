/** The benchmarks a memory pass can plan for: measured, with an estimate and memory figures. */
import type { BenchmarkResult } from '../../results/types.js';

export const measurable = (b: BenchmarkResult): b is BenchmarkResult & { estimate: NonNullable<BenchmarkResult['estimate']>; memory: NonNullable<BenchmarkResult['memory']> } =>
  b.status === 'ok' && b.estimate !== null && b.memory !== null;

/**
 * ubench: declare benchmarks in `*.bench.ts` files and run them with `npx ubench`.
 * @packageDocumentation
 */
export { bench, group } from './define/bench.js';
export { DeclarationError } from './define/declaration-error.js';
export type { BenchContext, BenchFn, BenchOptions, ManualBenchFn, Params, ParamValue, SetupBench } from './define/types.js';
export type * from './results/types.js';
export { SCHEMA_VERSION } from './results/types.js';

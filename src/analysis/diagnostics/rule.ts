/**
 * A diagnostic rule (after BenchmarkDotNet's analysers): one small pure function per pitfall that
 * looks at one benchmark's result and says what is wrong with it, with the numbers, a hint on what
 * to change, and the evidence as data.
 */
import { perOpValues } from '../../results/derived-values.js';
import type { BenchmarkResult, ClockInfo, Diagnostic } from '../../results/types.js';

export interface RuleContext {
  /** Clock figures of the run (null if no process reported them). */
  clock: ClockInfo | null;
  /** The precision the run aimed for (relative CI half-width). */
  precisionTarget: number;
  /** `--quick`: the samples were not taken for the shape tests, which the report says once (shape-undecided stays silent). */
  quick?: boolean;
  /** The same benchmark in the baseline results (`--baseline`), if one was given and has it. */
  baseline?: { label: string; result: BenchmarkResult } | null;
  /** The host factor of each sample (analysis/host-track.ts), or null when the host was not tracked. */
  hostFactors?: readonly number[] | null;
  /** Interleaved: the stretch of rounds with the same participants each sample belongs to (analysis/host-track.ts), or null. */
  roundStretches?: readonly number[] | null;
}

/** Rules see only ok results: there is nothing to diagnose in a benchmark that did not run. */
export type OkResult = BenchmarkResult & {
  status: 'ok';
  estimate: NonNullable<BenchmarkResult['estimate']>;
  stats: NonNullable<BenchmarkResult['stats']>;
};

export interface Rule {
  /** The stable kebab-case code of the diagnostics it produces. */
  code: string;
  check(result: OkResult, context: RuleContext): Diagnostic[];
}

export const perSampleNs = (result: BenchmarkResult): number[] => perOpValues(result.samples);

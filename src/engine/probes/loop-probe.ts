/**
 * An in-loop probe: a measurement the measuring loop makes of one benchmark right after its samples,
 * untimed, in every mode but `--quick` and time-only runs, whose figures go into the benchmark's
 * result under the probe's own fields. A probe is one folder here and one line in index.ts; the
 * event check and the results record take its fields from that list (docs/design.md, "Adding a
 * measurement").
 */
import type { Sample } from '../../results/types.js';
import type { Rng } from '../../stats/random.js';
import type { BatchRunner } from '../loop/batch-runner.js';
import type { Sink } from '../loop/codegen.js';

/** What a probe may use of the benchmark it probes. */
export interface ProbeTarget {
  runner: BatchRunner;
  /** The benchmark's samples (this process's). */
  samples: readonly Sample[];
  /** Iterations of a sample at the calibrated size. */
  baseIterations: number;
  /** The median ns/op of the samples. */
  nsPerOp: number;
  rng: Rng;
  /** The benchmark's time budget; a probe spends a small share of it at most. */
  timeBudgetNs: number;
  /** Where the generated loop leaves the body's last return value. */
  sink: Sink;
}

/** A probe filling the result fields of `F`, each an object, or null where it had nothing to measure. */
export interface LoopProbe<F extends Record<string, object | null>> {
  readonly fields: readonly (keyof F & string)[];
  run(target: ProbeTarget): Promise<F>;
}

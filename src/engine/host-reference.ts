/**
 * The host's speed, all through a run: a short fixed integer workload (the throttling reference's,
 * fewer steps) timed once per round of samples, so every sample carries the machine's speed at that
 * moment. The figure is ns per 1,000 steps, comparable across samples, processes and runs.
 */
import type { Now } from './clock.js';
import { referenceWorkload } from './throttle.js';

/** Steps of one reading at most: ~110 µs on this machine kind (measured), ≤ 1.1% of a 10 ms sample. */
const MAX_STEPS = 20_000;
/** Fewer steps than this give a reading shorter than a few µs, dominated by the clock reads. */
const MIN_STEPS = 2_000;
/** One reading may cost this share of a sample at most (the issue: a few percent of the budget). */
const COST_SHARE = 0.01;
/** Untimed readings first, so the reference is timed as optimized code. */
const WARMUP_READINGS = 20;
/** The unit of the figure: ns per this many steps. */
export const HOST_STEPS_UNIT = 1_000;

export class HostReference {
  private warmed = false;

  constructor(
    private readonly now: Now,
    /** Steps per reading. */
    readonly steps: number,
  ) {}

  /** A reference sized to cost about 1% of a sample of `sampleTargetNs`, given the time of one step. */
  static forSamples(now: Now, sampleTargetNs: number, nsPerStep: number): HostReference {
    const affordable = Math.floor((COST_SHARE * sampleTargetNs) / Math.max(nsPerStep, 1e-3));
    return new HostReference(now, Math.max(MIN_STEPS, Math.min(MAX_STEPS, affordable)));
  }

  /** Times the reference once: ns per 1,000 steps. */
  read(): number {
    if (!this.warmed) {
      for (let i = 0; i < WARMUP_READINGS; i++) referenceWorkload(this.steps);
      this.warmed = true;
    }
    const start = this.now();
    referenceWorkload(this.steps);
    return ((this.now() - start) * HOST_STEPS_UNIT) / this.steps;
  }
}

/**
 * The host's speed, all through a run: two short fixed workloads timed once per round of samples
 * (after each sample in sequential mode), so every sample carries the machine's speed at that moment.
 *
 * - The latency reference, a dependency chain of integer multiplies (the throttling reference's, fewer
 *   steps): what scales all code alike, the clock speed the host gives the VM.
 * - The throughput reference, a counted loop with nothing in it (the shape of the loop floor): code
 *   of much instruction-level parallelism, which feels another hardware thread of the same core at
 *   work. Measured on this project's 2-core VMs: with the other vCPU busy, an empty loop ran 1.76×
 *   slower and a loop of six independent additions 1.2× slower, while the chain did not move; an idle
 *   VM saw the empty loop 70% slow in 105 of 159 quarter-second windows (another tenant), and the
 *   corpus's benchmarks ran 1.5–2.4× slower in the runs whose loop floor did.
 *
 * Figures are ns per 1,000 steps (latency) or iterations (throughput), comparable across samples,
 * processes and runs.
 */
import type { Now } from '../loop/clock.js';
import { referenceWorkload } from './throttle.js';

/** Steps of one latency reading at most: ~110 µs on this machine kind (measured), ≤ 1.1% of a 10 ms sample. */
const MAX_STEPS = 20_000;
/** Fewer steps than this give a reading shorter than a few µs, dominated by the clock reads. */
const MIN_STEPS = 2_000;
/** The latency reading may cost this share of a sample at most (the issue: a few percent of the budget). */
const COST_SHARE = 0.01;
/** The throughput reading this share: at ~0.3 ns an iteration here, 30 µs of a 10 ms sample. */
const THROUGHPUT_COST_SHARE = 0.003;
/** Iterations of one throughput reading: at least this many (a reading of ≥ 10 µs), at most the other. */
const MIN_ITERATIONS = 30_000;
const MAX_ITERATIONS = 1_000_000;
/** Untimed readings first, so the references are timed as optimized code. */
const WARMUP_READINGS = 20;
/** The unit of the figures: ns per this many steps or iterations. */
export const HOST_STEPS_UNIT = 1_000;
/** ns per iteration of an empty loop assumed before the first measurement (measured here: 0.29–0.31). */
const ASSUMED_LOOP_NS = 0.3;

/** One reading of both references, ns per 1,000 steps / iterations. */
export interface HostReading {
  latencyNs: number;
  throughputNs: number;
}

let loopSink = 0;

/** The throughput reference's workload: a counted loop whose body does nothing the JIT can remove the loop for. */
export function throughputWorkload(iterations: number): number {
  let last = 0;
  for (let i = 0; i < iterations; i++) last = i;
  loopSink = last;
  return loopSink;
}

export class HostReference {
  private warmed = false;

  constructor(
    private readonly now: Now,
    /** Steps per latency reading. */
    readonly steps: number,
    /** Iterations per throughput reading. */
    readonly iterations: number,
  ) {}

  /** References sized to cost about 1.3% of a sample of `sampleTargetNs`, given the time of one chain step. */
  static forSamples(now: Now, sampleTargetNs: number, nsPerStep: number): HostReference {
    const affordable = Math.floor((COST_SHARE * sampleTargetNs) / Math.max(nsPerStep, 1e-3));
    const iterations = Math.floor((THROUGHPUT_COST_SHARE * sampleTargetNs) / ASSUMED_LOOP_NS);
    return new HostReference(now, Math.max(MIN_STEPS, Math.min(MAX_STEPS, affordable)), Math.max(MIN_ITERATIONS, Math.min(MAX_ITERATIONS, iterations)));
  }

  /** Times both references once. */
  read(): HostReading {
    if (!this.warmed) {
      for (let i = 0; i < WARMUP_READINGS; i++) {
        referenceWorkload(this.steps);
        throughputWorkload(this.iterations);
      }
      this.warmed = true;
    }
    const start = this.now();
    referenceWorkload(this.steps);
    const middle = this.now();
    throughputWorkload(this.iterations);
    const end = this.now();
    return { latencyNs: ((middle - start) * HOST_STEPS_UNIT) / this.steps, throughputNs: ((end - middle) * HOST_STEPS_UNIT) / this.iterations };
  }
}

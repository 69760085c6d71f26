/** Derives the engine's per-benchmark settings from the parent's request and the measured clock. */
import type { ClockInfo } from '../../results/types.js';
import type { ChildRequest } from './events.js';
import type { MeasureConfig } from '../loop/measure.js';
import { MAX_SAMPLES, MIN_SAMPLES, QUICK_MIN_SAMPLES } from '../loop/stopping-rule.js';

/** A sample must last ≥ 1000× a clock read so reading the clock costs ≤ 0.1% (docs/design.md §3). */
const MIN_SAMPLE_CLOCK_MULTIPLE = 1_000;
/** Never below 50 µs, whatever the measured clock cost (docs/design.md §3: ≥ 1000 × ~50 ns). */
const MIN_SAMPLE_NS = 50e3;
/**
 * A sample must also span ≥ 1000 clock steps, so one step is ≤ 0.1% of it: a browser's clock steps
 * by 5 µs (measured: Chromium 156, cross-origin isolated), Node's and Deno's by 40–120 ns.
 */
const MIN_SAMPLE_RESOLUTION_MULTIPLE = 1_000;
/** Long enough to average periodic interruptions (scheduler ticks every 1–4 ms), short enough to give many samples. */
const MAX_SAMPLE_NS = 10e6;
/** The budget should hold this many target-sized samples. */
const SAMPLES_PER_BUDGET = 50;

export function sampleTargetNs(timeBudgetNs: number, clock: ClockInfo): number {
  const floor = Math.max(MIN_SAMPLE_NS, MIN_SAMPLE_CLOCK_MULTIPLE * clock.costNs, MIN_SAMPLE_RESOLUTION_MULTIPLE * clock.resolutionNs);
  return Math.max(floor, Math.min(MAX_SAMPLE_NS, timeBudgetNs / SAMPLES_PER_BUDGET));
}

export function measureConfig(request: ChildRequest, clock: ClockInfo): MeasureConfig {
  return {
    timeBudgetNs: request.timeBudgetNs,
    warmupMaxNs: request.warmupMaxNs,
    precisionTarget: request.precisionTarget,
    minSamples: request.quick === true ? QUICK_MIN_SAMPLES : MIN_SAMPLES,
    maxSamples: MAX_SAMPLES,
    sampleTargetNs: sampleTargetNs(request.timeBudgetNs, clock),
  };
}

/**
 * Relative speed: within a file, a group and the same parameter values, every benchmark is
 * compared with the reference — the one marked baseline, else the fastest. When both were sampled
 * in the same interleaved rounds, the ratio comes from the rounds, paired (the median of per-round
 * ratios with its order-statistic interval), so host steps cancel; otherwise it is the ratio of
 * estimates with a bootstrap confidence interval. Paired rounds are those where both were in the
 * host's quiet rounds (analysis/host-quiet.ts) when there are QUIET_MIN_SAMPLES of them: a tenant
 * on the core slows a body of much instruction-level parallelism and not its neighbour, which
 * pairing cannot cancel (examples/' Float64Array loop over its number[] loop read 1.01–1.42 over
 * all rounds in 10 runs on a bursty host, 1.00–1.06 over the quiet ones; equal on a quiet machine).
 */
import type { BenchmarkResult, Sample } from '../results/types.js';
import { bootstrapMedianRatio, DEFAULT_BOOTSTRAP_RESAMPLES } from '../stats/bootstrap.js';
import { createRng } from '../stats/random.js';
import { CONFIDENCE } from '../results/derived-values.js';
import { estimateValues } from './derive-from-samples.js';
import { QUIET_MIN_SAMPLES, quietSamples } from '../results/quiet-samples.js';
import { pairedRatio } from './paired-rounds.js';
import { runtimeKey } from '../results/runtime-keys.js';
import { isSpread } from './fixed-cost-fit.js';

function comparisonKey(result: BenchmarkResult): string {
  return JSON.stringify([result.file, runtimeKey(result), result.group, result.params]);
}

/** The paired ratio over the rounds both spent in the host's quiet rounds, or null with fewer than QUIET_MIN_SAMPLES such rounds. */
function quietPairedRatio(a: readonly Sample[], b: readonly Sample[]): ReturnType<typeof pairedRatio> {
  const quietA = quietSamples(a);
  const quietB = quietSamples(b);
  if (quietA === null || quietB === null) return null;
  const paired = pairedRatio(quietA, quietB);
  return paired === null || paired.pairs < QUIET_MIN_SAMPLES ? null : paired;
}

/** Fills `relative` on every ok benchmark that has at least one ok peer; returns new objects. */
export function withRelative(benchmarks: readonly BenchmarkResult[], seed: number): BenchmarkResult[] {
  const sets = new Map<string, BenchmarkResult[]>();
  for (const result of benchmarks) {
    if (result.status !== 'ok' || result.estimate === null) continue;
    const key = comparisonKey(result);
    sets.set(key, [...(sets.get(key) ?? []), result]);
  }
  const relative = new Map<string, BenchmarkResult['relative']>();
  for (const members of sets.values()) {
    if (members.length < 2) continue;
    // A 0 ns reference (a clock too coarse for the body) gives no meaningful ratio.
    if (members.some((m) => !(m.estimate!.nsPerOp > 0))) continue;
    const reference = members.find((m) => m.baseline) ?? members.reduce((a, b) => (b.estimate!.nsPerOp < a.estimate!.nsPerOp ? b : a));
    const referenceValues = estimateValues(reference);
    for (const member of members) {
      if (member === reference) {
        relative.set(member.id, { referenceId: reference.id, ratio: 1, ciLower: 1, ciUpper: 1 });
        continue;
      }
      // A spread result's samples are not per-operation times: the ratio is of the estimates, its
      // interval from theirs (the slope's interval over the other's ends), wide and conservative.
      if (isSpread(member) || isSpread(reference)) {
        const a = member.estimate!;
        const b = reference.estimate!;
        // A reference slope not told from 0 bounds no ratio: none is given.
        if (b.ciLower > 0) relative.set(member.id, { referenceId: reference.id, ratio: a.nsPerOp / b.nsPerOp, ciLower: a.ciLower / b.ciUpper, ciUpper: a.ciUpper / b.ciLower });
        continue;
      }
      const paired = quietPairedRatio(member.samples, reference.samples) ?? pairedRatio(member.samples, reference.samples);
      if (paired !== null) {
        relative.set(member.id, { referenceId: reference.id, ratio: paired.ratio, ciLower: paired.ciLower, ciUpper: paired.ciUpper });
        continue;
      }
      const boot = bootstrapMedianRatio(estimateValues(member), referenceValues, {
        resamples: DEFAULT_BOOTSTRAP_RESAMPLES,
        confidence: CONFIDENCE,
        rng: createRng(seed),
      });
      relative.set(member.id, {
        referenceId: reference.id,
        ratio: member.estimate!.nsPerOp / reference.estimate!.nsPerOp,
        ciLower: boot.lower,
        ciUpper: boot.upper,
      });
    }
  }
  return benchmarks.map((b) => (relative.has(b.id) ? { ...b, relative: relative.get(b.id)! } : b));
}

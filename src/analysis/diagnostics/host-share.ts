/**
 * How much of a benchmark's sample-to-sample variation the host's part accounts for: the share of
 * the variance of ln(ns/op) that taking the host's part out (each sample less its wait for a CPU,
 * divided by the host factor of its moment) removes. A finding that stops firing once the host's
 * part is out is the host's only when that part is a large share of what the finding saw; where the
 * host barely moved, the finding merely sat near its rule's threshold, and a host factor made of
 * the references' own noise tipped it.
 */
import { variance } from '../../stats/moments.js';

/**
 * The share the host's part must account for to be credited with a finding: half, so the host's
 * part is more of the samples' variation than whatever the code (and its timer) contributed.
 */
export const HOST_EXPLAINS_MIN_SHARE = 0.5;

/**
 * 1 − var(ln adjusted) / var(ln raw), over the samples both hold with a positive ns/op: 1 when the
 * host's part was all of the variation, 0 (or below, clamped to 0) when taking it out left the
 * samples as varied or more so. 0 where the raw samples do not vary or are too few to say.
 */
export function hostShare(raw: readonly number[], adjusted: readonly number[]): number {
  const logRaw: number[] = [];
  const logAdjusted: number[] = [];
  for (let i = 0; i < Math.min(raw.length, adjusted.length); i++) {
    const r = raw[i]!;
    const a = adjusted[i]!;
    if (!(r > 0 && a > 0 && Number.isFinite(r) && Number.isFinite(a))) continue;
    logRaw.push(Math.log(r));
    logAdjusted.push(Math.log(a));
  }
  if (logRaw.length < 2) return 0;
  const before = variance(logRaw);
  if (!(before > 0)) return 0;
  return Math.max(0, 1 - variance(logAdjusted) / before);
}

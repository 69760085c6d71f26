/**
 * `host-moved` (information): findings about the samples' statistics that fired on the raw samples
 * but not once the host's own movement was taken out (each sample divided by the host factor of its
 * moment, see analysis/host-track.ts): the machine moved, not the code. The finding names them, with
 * the host's figures, and says what the estimate's interval holds. It is never a warning about the
 * benchmark: the interval beside the estimate already says how precise the figure is.
 */
import type { Diagnostic } from '../../results/types.js';
import type { OkResult } from './rule.js';
import { perOpValues } from '../../results/derived-values.js';
import { median } from '../../stats/quantile.js';
import { ns, pct } from './format.js';

export const HOST_MOVED_CODE = 'host-moved';
/**
 * Where the estimate is the median of the host's quiet rounds (analysis/host-quiet.ts), the median
 * over all samples is named when it sits at least this far from it: the estimate's own precision
 * target is ±1%, and the quiet median of 6–50 samples moves by a few percent on its own.
 */
const QUIET_MENTION = 0.03;

/** `share`: how much of the samples' variation the host's part accounts for (host-share.ts). */
export function hostMoved(result: OkResult, attributed: readonly Diagnostic[], share: number): Diagnostic {
  const host = result.host;
  const codes = [...new Set(attributed.map((d) => d.code))];
  const movement = host === null ? '' : ` by ${pct(host.movement)} (its slowest stretch ${pct(Math.max(0, host.slowest / host.fastest - 1))} slower than its fastest)`;
  const via = host?.source === 'rounds' ? 'measured by the host references in the same interleaved rounds' : 'measured by the host-speed reference after each sample';
  const reached = result.precision?.reached ?? null;
  const interval = `the estimate's 95% CI (${reached === null ? 'unbounded' : `±${pct(reached)}`})`;
  const quiet = host?.quiet;
  const overall = median(perOpValues(result.samples));
  const read =
    quiet !== undefined && quiet.samples < quiet.of
      ? `the estimate is the median of the ${quiet.samples} of ${quiet.of} samples taken in the host's quiet rounds, ${interval}${Math.abs(overall / result.estimate.nsPerOp - 1) >= QUIET_MENTION ? `; over all samples it read ${ns(overall)}` : ''}`
      : `${interval} includes that movement`;
  return {
    code: HOST_MOVED_CODE,
    severity: 'info',
    message: `the machine's speed moved${movement} during this benchmark, ${via}; with the time other programs held the CPU, it accounts for ${pct(share)} of the samples' variation, and relative to it the samples are steady, so ${codes.join(', ')} ${codes.length === 1 ? 'is' : 'are'} the host's, not the code's; ${read}`,
    hint: 'Nothing to change in the benchmark. For steadier figures close other programs, use --forks to average over processes, or compare runs with ubench ab, which pairs them.',
    evidence: { host, attributed: attributed.map((d) => ({ code: d.code, severity: d.severity, message: d.message })), precisionReached: reached, hostShare: share },
  };
}

/**
 * `host-moved`: a statistical rule fired on the raw samples but not once the host's own movement was
 * taken out (the samples divided by the host factor of their moment, see analysis/host-track.ts):
 * the machine moved, not the code. The finding is about the host, with its figures, and says
 * whether the estimate is still usable. Information while the estimate's CI is within what `noisy`
 * tolerates; a warning when the machine moved so much that the figure cannot be trusted.
 */
import type { Diagnostic } from '../../results/types.js';
import { PRECISION_WARNING_FACTOR } from './noisy.js';
import type { OkResult } from './rule.js';
import { pct } from './format.js';

export const HOST_MOVED_CODE = 'host-moved';

export function hostMoved(result: OkResult, attributed: readonly Diagnostic[], precisionTarget: number): Diagnostic {
  const host = result.host;
  const codes = [...new Set(attributed.map((d) => d.code))];
  const movement = host === null ? '' : ` by ${pct(host.movement)} (its slowest stretch ${pct(Math.max(0, host.slowest / host.fastest - 1))} slower than its fastest)`;
  const via = host?.source === 'rounds' ? 'measured by what ran in the same interleaved rounds' : 'measured by the host-speed reference after each sample';
  const reached = result.precision?.reached ?? null;
  const usable = reached !== null && reached <= PRECISION_WARNING_FACTOR * precisionTarget;
  const verdict = usable
    ? `the estimate is still usable (95% CI ±${pct(reached)})`
    : `the estimate is not precise (95% CI ${reached === null ? 'unbounded' : `±${pct(reached)}`}): re-run on a quieter machine`;
  return {
    code: HOST_MOVED_CODE,
    severity: usable ? 'info' : 'warning',
    message: `the machine's speed moved${movement} during this benchmark, ${via}; relative to it the benchmark is steady, so ${codes.join(', ')} ${codes.length === 1 ? 'is' : 'are'} the host's, not the code's; ${verdict}`,
    hint: 'Nothing to change in the benchmark. For steadier figures close other programs, use --forks to average over processes, or compare runs with ubench ab, which pairs them.',
    evidence: { host, attributed: attributed.map((d) => ({ code: d.code, message: d.message })), precisionReached: reached },
  };
}

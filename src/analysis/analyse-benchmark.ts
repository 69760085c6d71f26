/**
 * What the analysis adds to a measured result: the host's speed during its samples (from the other
 * benchmarks of the run sampled in the same rounds, see host-track.ts) and the diagnostics, which
 * attribute to the host what its movement explains.
 */
import type { BenchmarkResult } from '../results/types.js';
import { diagnose } from './diagnostics/diagnose.js';
import type { RuleContext } from './diagnostics/rule.js';
import { hostFactors, hostTrack, roundStretches } from './host-track.js';

/** `peers`: the run's other results (those sampled in the same rounds take part in the host track). */
export function analyseBenchmark(result: BenchmarkResult, peers: readonly BenchmarkResult[], context: Omit<RuleContext, 'hostFactors' | 'roundStretches'>): BenchmarkResult {
  const factors = result.status === 'ok' ? hostFactors(result, peers) : null;
  const withHost = { ...result, host: hostTrack(result, factors) };
  const stretches = result.status === 'ok' ? roundStretches(result, peers) : null;
  return { ...withHost, diagnostics: diagnose(withHost, { ...context, hostFactors: factors, roundStretches: stretches }) };
}

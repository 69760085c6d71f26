/**
 * `levels` (warning): the benchmark's own cost changes level — its samples, with the host's movement
 * taken out, fall into two or three separate levels (stats/level-clusters.ts: clusters
 * LEVEL_MIN_RATIO apart, each holding LEVEL_MIN_SHARE of the samples, nearly nothing between them),
 * whether the levels alternate in time, step once mid-run, or mix. The figure is then an average
 * over different work, and one number cannot describe it.
 *
 * Blame only on evidence: the rule needs the host-speed references (RuleContext.hostFactors) and
 * judges the samples, each less its own wait for a CPU, divided by them, so levels the host's speed
 * made vanish; it also reads how far the host's factor moved between the samples of the lowest and
 * the highest level, which the message quotes beside the step itself. Nor can the time the levels
 * add be time the process spent waiting for a CPU (`throttle.cpuWaitShare`): another program's
 * timeslice inside a sample stretches it, and the references, read for about 1% of a round, rarely
 * see it (measured on a contended run of the clean corpus: clean benchmarks waiting 40–60% of the
 * time split into levels 2× apart, the host factor flat). Without a host track it says nothing:
 * `multimodal`, `noisy` and `drift` still describe the samples, as information. Nor when the state
 * probe shows that setup's values differ in cost: then `multimodal` or `noisy` warns and names that
 * cause.
 */
import type { Diagnostic, Sample } from '../../results/types.js';
import { findLevels, type Levels } from '../../stats/level-clusters.js';
import { median } from '../../stats/quantile.js';
import { levelsWithoutGc } from './gc-attribution.js';
import { withSamples } from '../derive-from-samples.js';
import { setupDependence } from '../setup-dependence.js';
import { hostAdjusted } from '../host-track.js';
import { ns, pct } from './format.js';
import { perSampleNs, type OkResult, type Rule } from './rule.js';

export const LEVELS_CODE = 'levels';

const WORDS = ['', '', 'two', 'three'];

function arrangementText(found: Levels, samples: number): string {
  const over = `${found.stretches} stretches over ${samples} samples`;
  switch (found.arrangement) {
    case 'step': {
      const first = found.labels[0]!;
      const at = found.labels.findIndex((l) => l !== first);
      const from = first === 0 ? 'lowest' : first === found.levels.length - 1 ? 'highest' : 'middle';
      return `changing in a step (from the ${from} level, first change at sample ${at + 1} of ${samples})`;
    }
    case 'in-stretches':
      return `alternating in time, each level held for a while (${over})`;
    case 'alternating':
      return `alternating from one sample to the next (${over})`;
    default:
      return `mixed through the run, in no order (${over})`;
  }
}

/**
 * Share of the sampling time the higher levels' samples spent above the lowest level: the time the
 * levels add. Waiting for a CPU (another program's timeslice in the middle of a sample) stretches
 * some samples and not others, which the host references, read for ~1% of a round, rarely see.
 */
function excessShare(found: Levels, samples: readonly Sample[]): number {
  const low = found.levels[0]!.center;
  let excess = 0;
  let total = 0;
  samples.forEach((s, i) => {
    total += s.elapsedNs;
    if (found.labels[i]! > 0) excess += Math.max(0, s.elapsedNs - low * s.iterations);
  });
  return total > 0 ? excess / total : 0;
}

/** How far the host's factor moved between the samples of the lowest and the highest level (0.06 = the highest level's samples found the host 6% slower). */
function hostBetween(found: Levels, factors: readonly number[]): number {
  const top = found.levels.length - 1;
  const at = (level: number): number => median(factors.filter((_, i) => found.labels[i] === level));
  return at(top) / at(0) - 1;
}

const GC_LEVELS_HINT =
  "The levels are garbage collection's cycles, not different work: what the body keeps alive is promoted and marked in the old generation, and samples taken while a cycle runs pay for it. Keep fewer objects alive per call, or benchmark the work apart from the keeping; the median is the time outside the cycles.";

export const levels: Rule = {
  code: LEVELS_CODE,
  check(result, context) {
    const factors = context.hostFactors ?? null;
    if (factors === null || factors.length !== result.samples.length) return [];
    // Levels from setup's values are `multimodal`'s and `noisy`'s to report: the state probe names their cause.
    if (setupDependence(result)?.material === true) return [];
    const adjusted = withSamples(result, hostAdjusted(result.samples, factors)) as OkResult;
    const found = findLevels(perSampleNs(adjusted));
    if (found === null) return [];
    // The time the levels add could all be time spent waiting for a CPU: that is the machine's (`throttled` says so).
    const added = excessShare(found, adjusted.samples);
    const waited = result.throttle?.cpuWaitShare ?? null;
    if (waited !== null && added <= waited) return [];
    const shown = found.levels.map((l) => `${ns(l.center)} (${pct(l.share)} of samples)`);
    const list = shown.length === 2 ? `${shown[0]} and ${shown[1]}` : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
    const ratio = found.levels.at(-1)!.center / found.levels[0]!.center;
    const between = hostBetween(found, factors);
    const movement = result.host?.movement ?? 0;
    const gcFree = levelsWithoutGc(result);
    const gcPart = gcFree === null ? '' : `; measured GC-free, the samples keep one level (${ns(gcFree)}): the levels are garbage collection's cycles`;
    const diagnostic: Diagnostic = {
      code: LEVELS_CODE,
      severity: 'warning',
      message: `the benchmark's own cost changes level: ${WORDS[found.levels.length]} levels, ${list}, ${arrangementText(found, found.labels.length)}; the host's speed moved ${pct(movement)} during the samples (${pct(Math.abs(between))} ${between >= 0 ? 'slower' : 'faster'} in the highest level's samples than in the lowest's), which does not explain a ${ratio.toFixed(1)}× step${gcPart}; one number cannot describe them`,
      hint:
        gcFree !== null
          ? GC_LEVELS_HINT
          : 'The body does different work at different times: an input or a cache that changes with time or with the call count, a path taken every other call, a state that flips mid-run. Benchmark each level on its own (a fixed input per benchmark), or make every sample do the same work.',
      evidence: {
        levels: found.levels.map((l) => ({ ns: l.center, share: l.share, samples: l.count })),
        arrangement: found.arrangement,
        stretches: found.stretches,
        separation: found.separation,
        ratio,
        hostMovement: movement,
        hostBetweenLevels: between,
        addedShare: added,
        cpuWaitShare: waited,
        gcFreeNsPerOp: gcFree,
      },
    };
    return [diagnostic];
  },
};

/**
 * `timer-resolution`: samples too short for the clock. Reading the clock costs ~50 ns (docs/design.md §3),
 * so a sample must last ≥ 1000× that for the reads to stay under 0.1%; manual loops that pause and
 * resume the timer inside their loop pay two reads per pause.
 */
import type { Rule } from './rule.js';
import { ns, pct } from './format.js';

/** docs/design.md §3: a batch must be ≥ ~1000× the timer cost. */
export const MIN_SAMPLE_CLOCK_MULTIPLE = 1_000;
/** Clock reads may take at most 1% of a sample (pauses inside a manual loop add two reads each). */
const CLOCK_READ_SHARE_LIMIT = 0.01;

export const timerResolution: Rule = {
  code: 'timer-resolution',
  check(result, context) {
    const clock = context.clock;
    if (clock === null || result.samples.length === 0) return [];
    const sorted = result.samples.map((s) => s.elapsedNs).sort((a, b) => a - b);
    const medianSampleNs = sorted[sorted.length >> 1]!;
    const reads = result.timerReadsPerSample ?? 2;
    const readShare = (reads * clock.costNs) / medianSampleNs;
    if (medianSampleNs >= MIN_SAMPLE_CLOCK_MULTIPLE * clock.costNs && readShare <= CLOCK_READ_SHARE_LIMIT) return [];
    return [
      {
        code: 'timer-resolution',
        severity: 'warning',
        message: `samples last ${ns(medianSampleNs)} with ${reads} clock reads of ${ns(clock.costNs)} each: reading the clock is ${pct(readShare)} of the measured time`,
        hint:
          result.perCallChunk !== undefined
            ? "state: 'per-call' reads the clock twice per chunk of states, and this body's states are large enough that chunks are short: time a batch of work per call instead (e.g. sort several arrays in one call), or use one state per sample if the body only reads it."
            : reads > 2
              ? 'b.stop()/b.start() inside the b.n loop reads the clock on every iteration: time whole batches, and move per-iteration preparation into setup.'
              : 'Samples are too short for the clock: raise --time so samples can grow.',
        evidence: { medianSampleNs, clockCostNs: clock.costNs, timerReadsPerSample: reads },
      },
    ];
  },
};

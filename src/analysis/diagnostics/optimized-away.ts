/**
 * `optimized-away`: the estimate cannot be told apart from the empty-loop floor measured in the
 * same process, or is below what any real work costs. V8 inlined the body into the loop and then
 * removed it (result unused) or hoisted it (pure work on constant inputs) — docs/design.md §3.
 * With `--instructions`, the instruction counts of the benchmark and of its empty loop decide. The
 * hint names what the body returned where the return-value probe saw nothing or a constant.
 */
import type { OkResult, Rule } from './rule.js';
import { ns } from './format.js';
import { pairedRatio } from '../paired-rounds.js';

/**
 * The floor and the benchmark are measured at different moments of the process, and this host's
 * speed level moves between them: by ~2.7% steps usually, by 10% once in 3 trap runs (an empty
 * `() => 6 * 7` loop at 0.424 ns against a 0.385 ns floor CI bound). 15% covers that; the cheapest
 * real work in the clean corpus sits at 3.9× the floor, so no real benchmark comes near it.
 */
const FLOOR_TOLERANCE = 0.15;
/**
 * Sampled in the same rounds as the floor, the benchmark is compared per round, and host steps
 * cancel: within 15% of the floor (the CI's lower bound) is an empty loop; the cheapest real work in
 * the clean corpus sits at 3.9× the floor.
 */
const PAIRED_FLOOR_TOLERANCE = 0.15;
/** A tenth of a nanosecond is under half a cycle at 4 GHz: no operation is that cheap. */
const SUB_CYCLE_NS = 0.1;
/**
 * With `--instructions`, the count decides: a body that does anything executes at least one
 * instruction per call beyond the empty loop, whose own count is exact (8.0 per operation, ±0.00%
 * over 4 regions, measured); half an instruction leaves room for rounding in the slopes.
 */
const MIN_WORK_INSTRUCTIONS = 0.5;

/** What the instruction counts say, when both the benchmark and its empty loop were counted. */
function countedWork(result: OkResult): { perOp: number; floorPerOp: number; extra: number } | null {
  const count = result.instructions;
  if (count == null || count.status !== 'measured' || count.perOp === null || count.floorPerOp === null) return null;
  return { perOp: count.perOp, floorPerOp: count.floorPerOp, extra: count.perOp - count.floorPerOp };
}

const GENERIC_HINT =
  'Return the result so it is consumed, and make inputs vary between calls (a counter, an index into prepared inputs): V8 hoists pure work on constant inputs out of the loop even when the result is used, and a value from setup() stays the same for a whole sample.';

/** The hint, named by what the body returned (the return-value probe), where that says which way V8 could drop the work. */
function hintFor(result: OkResult): string {
  const returned = result.returnValue;
  if (returned?.type === 'undefined') {
    return 'The body returns nothing, so nothing consumes its work and V8 may drop it: return what it computes (ubench keeps the returned value), and make inputs vary between calls (a counter, an index into prepared inputs).';
  }
  if (returned?.sameEachCall === true) {
    return `The body returned the same ${returned.type} on every call read: its inputs do not vary, so V8 may compute it once and hoist it out of the loop. Make inputs vary between calls (a counter, an index into prepared inputs); a value from setup() stays the same for a whole sample.`;
  }
  return GENERIC_HINT;
}

export const optimizedAway: Rule = {
  code: 'optimized-away',
  check(result) {
    const floor = result.floor;
    const { nsPerOp, ciLower } = result.estimate;
    const belowCycle = nsPerOp < SUB_CYCLE_NS;
    const paired = floor?.samples === undefined ? null : pairedRatio(result.samples, floor.samples);
    const counted = countedWork(result);
    if (counted !== null) {
      if (counted.extra >= MIN_WORK_INSTRUCTIONS) return [];
      return [
        {
          code: 'optimized-away',
          severity: 'warning',
          message: `${counted.perOp.toFixed(1)} instructions per operation, the empty loop's own ${counted.floorPerOp.toFixed(1)} (counted under callgrind; ${ns(nsPerOp)}/op timed): the work was optimized away`,
          hint: hintFor(result),
          evidence: { nsPerOp, instructionsPerOp: counted.perOp, floorInstructionsPerOp: counted.floorPerOp, minWorkInstructions: MIN_WORK_INSTRUCTIONS, returnValue: result.returnValue ?? null },
        },
      ];
    }
    const atFloor = floor !== null && (paired !== null ? paired.ciLower <= 1 + PAIRED_FLOOR_TOLERANCE : ciLower <= floor.ciUpper * (1 + FLOOR_TOLERANCE));
    if (!belowCycle && !atFloor) return [];
    const pairedText = paired === null ? '' : `; in the same rounds it took ${paired.ratio.toFixed(2)}× the floor's time (95% CI ${paired.ciLower.toFixed(2)}–${paired.ciUpper.toFixed(2)})`;
    const versus = floor === null ? '' : ` is indistinguishable from the empty-loop floor (${ns(floor.nsPerOp)}, 95% CI ${ns(floor.ciLower)}–${ns(floor.ciUpper)}${pairedText})`;
    return [
      {
        code: 'optimized-away',
        severity: 'warning',
        message: `${ns(nsPerOp)}/op${belowCycle && !atFloor ? ' is below a fraction of a CPU cycle' : versus}: the work was optimized away`,
        hint: hintFor(result),
        evidence: {
          nsPerOp,
          ciLower,
          floorNsPerOp: floor?.nsPerOp ?? null,
          floorCiUpper: floor?.ciUpper ?? null,
          pairedRatio: paired,
          tolerance: paired === null ? FLOOR_TOLERANCE : PAIRED_FLOOR_TOLERANCE,
          returnValue: result.returnValue ?? null,
        },
      },
    ];
  },
};

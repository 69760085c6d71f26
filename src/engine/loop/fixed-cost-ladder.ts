/**
 * A manual loop whose samples are mostly a fixed cost per call — work its body does before or
 * after its `b.n` loop, timed once per sample — is calibrated from a per-call time that is that
 * cost, so `b.n` stays at a few iterations and the operations never show. This check times one
 * iteration against the calibrated sample and against a batch of the calibrated count (at least 2);
 * when the fixed part they give is most of a sample, it climbs a
 * ladder of iteration counts until the operations' part of a sample is a sizeable share of it
 * (within the time budget). Sampling then spreads `b.n` geometrically below the top count, and
 * the analysis fits `elapsed = fixed + perOp · n` (seed 003; criterion's linear sampling, with an
 * intercept).
 */
import type { SpreadInfo } from '../../results/types.js';

/** Batches per rung; their minimum is kept, since a garbage collection only adds time to a batch. */
const LADDER_REPEATS = 3;
/**
 * Batches of each count in the check, alternating: a fixed cost that is itself noisy (a table
 * built anew lands in one of a few GC and page-fault states) needs more tries for both minimums
 * to reach its low state.
 */
const CHECK_REPEATS = 5;
/**
 * The check's larger count is at least this: a body without a fixed cost then takes 8× one
 * iteration's time, a fixed cost about 1× — apart by more than a shared host stretches a batch
 * (at 2 they are 2× apart, which its noise can bridge). The check's repeats shrink to fit the
 * ladder's share of the budget for a slow body.
 */
const CHECK_MIN_ITERATIONS = 8;
/**
 * Look closer when one iteration costs more than this share of a calibrated sample: a body of cheap
 * operations costs far less per iteration, so ordinary loops stop here after three short batches.
 * Low, since the sample's size comes from the warm-up's average, which a noisy fixed cost inflates.
 */
const LOOK_CLOSER_SHARE = 0.1;
/** Spread when the fixed part, from batches of 1 and of the calibrated count, is over this share of the latter: most of every sample. */
export const SPREAD_FIXED_SHARE = 0.5;
/**
 * Climb until the operations take this multiple of the fixed cost in a top sample (nine tenths of
 * it): the fixed cost's own noise (a table built anew lands in one of a few GC and page-fault
 * states, and a shared host stretches it further) then moves the slope little.
 */
const SLOPE_TARGET = 8;
/** A rung past the cap is scaled to this share of it, so its repeat lands under the cap. */
const CAP_FILL = 0.8;
/** Scaled rungs tried before the climb settles on the rung below the cap. */
const CAP_TRIES = 3;
/** Grow the count at most this much per rung (nanobench/BDN grow ×10 while far below target). */
const LADDER_GROWTH = 10;
/** The ladder's climb may spend at most this share of the time budget (a rung of a 10 ms fixed cost costs 30 ms or more). */
const LADDER_BUDGET_SHARE = 0.4;
/** A rung whose rise over one iteration's time is under this share of it shows nothing yet: the next rung may be ×100. */
const FLAT_SHARE = 0.25;
/** A top sample may last at most the budget over this: it must still hold enough samples for the fit. */
const SPREAD_SAMPLES_IN_BUDGET = 20;
/** Levels of the spread, each half the one above: the lowest pins the fixed cost, the top the slope. */
export const SPREAD_LEVELS = 7;

export interface LadderConfig {
  timeBudgetNs: number;
  /** Most iterations a sample may hold. */
  maxIterations: number;
}

async function fastest(runBatch: (n: number) => Promise<number> | number, n: number): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < LADDER_REPEATS; i++) best = Math.min(best, await runBatch(n));
  return best;
}

/**
 * Null when the fixed part is not most of a sample (`sampleNs`: a calibrated sample by the warm-up's
 * guess): the ordinary plan around the calibrated count then applies. Otherwise the spread: its top
 * count, the lowest level, and what the ladder measured.
 */
export async function fixedCostLadder(
  runBatch: (n: number) => Promise<number> | number,
  baseIterations: number,
  sampleNs: number,
  config: LadderConfig,
  now: () => number,
): Promise<SpreadInfo | null> {
  let oneNs = await fastest(runBatch, 1);
  if (!(oneNs > LOOK_CLOSER_SHARE * sampleNs) || !(oneNs > 0)) return null;
  const capNs = config.timeBudgetNs / SPREAD_SAMPLES_IN_BUDGET;
  const ladderNs = config.timeBudgetNs * LADDER_BUDGET_SHARE;
  let n = Math.min(config.maxIterations, Math.max(CHECK_MIN_ITERATIONS, baseIterations));
  let topNs = Number.POSITIVE_INFINITY;
  const repeats = Math.max(2, Math.min(CHECK_REPEATS, Math.floor(ladderNs / ((n + 1) * oneNs))));
  for (let i = 0; i < repeats; i++) {
    topNs = Math.min(topNs, await runBatch(n));
    oneNs = Math.min(oneNs, await runBatch(1));
  }
  // A slow body without a fixed cost also costs most of a sample per iteration at a count of 1–2:
  // the fixed part from the two counts, (n·t₁ − tₙ)/(n − 1), tells them apart.
  if (!((n * oneNs - topNs) / (n - 1) > SPREAD_FIXED_SHARE * topNs)) return null;
  // Rungs of ×100 while a rung shows no rise over one iteration's time, ×10 after. The fixed cost
  // itself is noisy, so a small rise says nothing to extrapolate from.
  const climbStarted = now();
  while (topNs - oneNs < SLOPE_TARGET * oneNs && n < config.maxIterations && now() - climbStarted < ladderNs) {
    const step = topNs - oneNs < FLAT_SHARE * oneNs ? LADDER_GROWTH * LADDER_GROWTH : LADDER_GROWTH;
    let next = Math.min(config.maxIterations, n * step);
    let nextNs = await fastest(runBatch, next);
    if (nextNs > capNs) {
      // Past the per-sample cap: scale the rung down to fill the cap, from what it measured, and
      // again from the scaled rung's own reading if a busy host stretched it past the cap too.
      for (let tries = 0; tries < CAP_TRIES && nextNs > capNs; tries++) {
        next = Math.floor((next * CAP_FILL * capNs) / nextNs);
        if (next <= n) break;
        nextNs = await fastest(runBatch, next);
      }
      if (next > n && nextNs <= capNs) {
        n = next;
        topNs = nextNs;
      }
      break;
    }
    n = next;
    topNs = nextNs;
    // Every batch holds the fixed cost once: a rung faster than the one-iteration batches bounds it better.
    oneNs = Math.min(oneNs, topNs);
  }
  // The rung that got there may overshoot by up to ×10; the operations' part is now well above the
  // fixed cost's noise, so scale back to the target (never below the rung under it).
  const slopePart = topNs - oneNs;
  if (slopePart > SLOPE_TARGET * oneNs) {
    const scaled = Math.max(Math.ceil(n / LADDER_GROWTH), Math.ceil((n * SLOPE_TARGET * oneNs) / slopePart));
    topNs = oneNs + (slopePart * scaled) / n;
    n = scaled;
  }
  return { lowIterations: Math.max(1, Math.floor(n / 2 ** (SPREAD_LEVELS - 1))), highIterations: n, oneIterationNs: oneNs, topNs };
}

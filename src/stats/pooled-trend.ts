/**
 * One Mann–Kendall trend test over several blocks of a series, each judged on its own order only:
 * the seasonal Kendall test (Hirsch, Slack & Smith, Water Resources Research 18, 1982). Each block's
 * S counts its own later-minus-earlier pairs; the S and the variances are summed. A level that moved
 * only between blocks (a step where the block changes) adds nothing; a change that goes on inside
 * the blocks adds up across them. The variance of each block is inflated for its serial correlation
 * as in `trendTest` (Hamed & Rao).
 */
import { normalCdf } from './normal.js';
import { trendTest, withinTrendLimit } from './trend.js';

/** A block needs this many values for its pairs to carry an order (3 values: 3 pairs). */
export const POOLED_MIN_BLOCK = 3;

export interface PooledTrend {
  /** Σ S over the blocks judged. */
  s: number;
  /** Σ var(S) · the block's autocorrelation correction. */
  variance: number;
  /** Two-sided p-value of the pooled S (normal approximation, continuity-corrected). */
  pValue: number;
  /** Blocks with at least POOLED_MIN_BLOCK values. */
  blocks: number;
}

export function pooledTrend(blocks: readonly (readonly number[])[]): PooledTrend {
  let s = 0;
  let variance = 0;
  let judged = 0;
  for (const block of blocks) {
    if (block.length < POOLED_MIN_BLOCK) continue;
    const t = trendTest(withinTrendLimit(block));
    s += t.s;
    variance += t.varianceS * t.varianceCorrection;
    judged++;
  }
  const z = variance > 0 && s !== 0 ? (s - Math.sign(s)) / Math.sqrt(variance) : 0;
  return { s, variance, pValue: z === 0 ? 1 : Math.min(1, 2 * normalCdf(-Math.abs(z))), blocks: judged };
}

/**
 * The `bisect --json` document: the summary (ends, settings, outcome, first slower commit, every
 * step, the commits set aside, the range still open) with its format and version; shape in
 * schema/bisect.schema.json. Rewritten after every step, so an interrupted bisect keeps its steps.
 */
import type { BisectSummary } from '../analysis/bisect/bisect-summary.js';
import type { Explanation } from '../results/types.js';

/** Marks the `bisect --json` document; bumped on an incompatible change of its shape. */
export const BISECT_FORMAT = { format: 'ubench-bisect', version: 1 } as const;

export function bisectDocument(summary: BisectSummary, complete: boolean, explain: readonly Explanation[] | null = null): object {
  return { ...BISECT_FORMAT, complete, ...summary, ...(explain === null ? {} : { explain }) };
}

/** The `history --json` document: every benchmark's series over the kept runs, with the changes marked. */
import { COMPARE_ALPHA } from '../analysis/compare-runs.js';
import type { RunHistoryAnalysis } from '../analysis/history-changes.js';

/** Marks the `history --json` document; bumped on an incompatible change of its shape. */
export const HISTORY_FORMAT = { format: 'ubench-history', version: 2 } as const;

export function historyDocument(analysis: RunHistoryAnalysis, noise: number): object {
  return { ...HISTORY_FORMAT, alpha: COMPARE_ALPHA, noise, ...analysis };
}

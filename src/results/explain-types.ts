/**
 * Why a benchmark's time changed between two runs (`--explain`): the evidence of both sides, diffed
 * and ranked by how much of the change each accounts for (analysis/explain/). Kept in the JSON of
 * `compare` and `ab` as `explain`.
 */

/** Whether the code did more work: instructions per operation on both sides, where counted. */
export interface WorkChange {
  /** `more`/`less`: instructions per op moved with the time; `same`: within the instruction band; `unknown`: not counted on both sides. */
  verdict: 'more' | 'less' | 'same' | 'unknown';
  base: number | null;
  new: number | null;
  /** new / base − 1, or null. */
  change: number | null;
  /** Whether the instructions moved the way the time did (null: they did not move, or were not counted). */
  withTime: boolean | null;
}

export type CauseKind = 'function' | 'deopt' | 'tier' | 'allocation' | 'code-size';

/** One difference of the evidence between the two runs. */
export interface ExplainCause {
  kind: CauseKind;
  /** One line, e.g. `self time of lexOne 31% → 42% of the op (+8.7 ns of +10.2 ns)`. */
  text: string;
  /** The share of the change of ns/op it accounts for (its term over the change); null when the evidence cannot size it (no profile on both sides). */
  share: number | null;
  /** Its term in ns/op (new − base), when sized. */
  deltaNs: number | null;
  /** Where, `file:line:column`, when known. */
  location: string | null;
  /** Further facts (the hot lines of a function, the sites of an allocation). */
  details: string[];
}

export interface Explanation {
  id: string;
  name: string;
  /** The change being explained (new / base − 1) and its CI. */
  change: number;
  ciLower: number;
  ciUpper: number;
  /** ns/op of each side (medians). */
  baseNs: number;
  newNs: number;
  work: WorkChange;
  /** Most of the change first. */
  causes: ExplainCause[];
  /** The per-function terms' sum over the change (1 when the profiles cover the whole op); null without profiles. */
  covered: number | null;
  /** Said when no evidence differs (no cause is claimed then), or when evidence is missing. */
  note: string | null;
  /** Evidence a side lacked, by pass flag (`--profile`, `--instructions`, …). */
  missing: string[];
}

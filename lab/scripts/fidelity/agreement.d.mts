// Types of agreement.mjs, for the quiet fidelity test.
export declare const MIN_TOLERANCE: number;
export declare function median(xs: readonly number[]): number;
export declare function spreadOf(xs: readonly number[]): number;
export declare function estimatesOf(results: unknown): Map<string, number>;
export interface AgreementRow {
  name: string;
  form: string;
  median: number;
  spread: number;
  processes: number;
  reference: string | null;
  ratio: number | null;
  tolerance: number | null;
  agrees: boolean | null;
  /** The form's process over its reference's of the same run, run by run. */
  runRatios: number[];
  /** How many of those are within the tolerance. */
  runsAgreeing: number;
}
export declare function agreement(runs: Record<string, Map<string, number>[]>, references: Record<string, string | null>, minTolerance?: number): AgreementRow[];

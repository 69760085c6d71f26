// Types of harnesses.mjs, for its unit test.
export interface HarnessReading {
  estimates: Map<string, number>;
  /** ubench only: its figure in the host's quiet rounds, where the results file has one. */
  quiet?: Map<string, number>;
  ownFloorNs: number | undefined;
}
export interface Harness {
  id: string;
  estimator: string;
  argv(resultsFile: string): string[];
  readsResultsFile: boolean;
  read(text: string): HarnessReading;
}
export declare const ROOT: string;
export declare const MAX_OUTPUT_BYTES: number;
export declare function parseJson(text: string, what: string): unknown;
export declare function nsOrUndefined(v: unknown): number | undefined;
export declare function readUbench(resultsText: string): HarnessReading;
export declare function readMitata(stdout: string): HarnessReading;
export declare function readBenchNode(stdout: string): HarnessReading;
export declare const HARNESSES: Harness[];

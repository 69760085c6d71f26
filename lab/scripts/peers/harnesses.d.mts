// Types of harnesses.mjs, for its unit test.
export interface UbenchPhases {
  warmupNs: number;
  samplingNs: number;
  gcApartNs: number;
}
export interface HarnessReading {
  estimates: Map<string, number>;
  /** ubench only: the median over all its samples (`stats.median`), beside the estimate, which reads the host's quiet rounds. */
  overall?: Map<string, number>;
  /** ubench only: ns its benchmarks spent in warm-up, in their own samples and in the GC share's window apart, summed. */
  phases?: UbenchPhases;
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

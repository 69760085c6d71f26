// Types of compare.mjs, for the real-corpus tests.
export interface OwnBenchmark {
  key: string;
  error: string | null;
}
export interface UbenchFile {
  fileError: string | null;
  benchmarks: { key: string; status: string; reason: string | null }[];
}
export interface FileRow {
  own: number;
  ownFailed: { key: string; reason: string }[];
  measured: string[];
  refused: { key: string; reason: string }[];
  missing: string[];
  extra: { key: string; status: string }[];
  fileError: string | null;
}
export declare function ownFromRecord(text: string): OwnBenchmark[];
export declare function ownFromVitest(report: unknown): OwnBenchmark[];
export declare function fromUbench(results: unknown): UbenchFile;
export declare function compareFile(own: OwnBenchmark[], ubench: UbenchFile | null, ubenchRunError?: string | null): FileRow;
export declare function nothingDropped(row: FileRow): boolean;

// Types of real-corpus.mjs, for the system test.
import type { FileRow } from './real-corpus/compare.mjs';

export interface FileResult extends FileRow {
  path: string;
  harness: 'mitata' | 'tinybench' | 'vitest' | 'benchmark';
  ownError: string | null;
  ownSeconds: number | null;
  ubenchSeconds: number | null;
  ubenchExit: number | null;
  ownKeys: string[];
}
export interface CorpusRun {
  results: FileResult[];
  wallSeconds: number;
}
export declare function runCorpus(options?: { only?: string; time?: string; quick?: boolean; recorded?: boolean; say?: (line: string) => void }): CorpusRun;
export declare function tableLines(run: CorpusRun): string[];

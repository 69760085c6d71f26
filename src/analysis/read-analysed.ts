/**
 * How every command reads a results file: the file's measurements, analysed by today's rules
 * (analyse.ts), so an older file gets the current estimates and diagnostics.
 */
import { readResults } from '../results/files/read-results.js';
import type { ResultsFile } from '../results/types.js';
import { ubenchVersion } from '../results/ubench-version.js';
import { analyse, type Baseline } from './analyse.js';

/** The results analysed by this ubench (a `--baseline` to hold them to, optionally). */
export function analysedNow(results: ResultsFile, baseline: Baseline | null = null): ResultsFile {
  return analyse(results, { analysedBy: ubenchVersion(), baseline });
}

/** Reads and analyses a results file; `asRecorded` keeps the analysis the file was written with. */
export function readAnalysed(file: string, asRecorded = false): ResultsFile {
  const results = readResults(file);
  return asRecorded ? results : analysedNow(results);
}

import { SCHEMA_VERSION } from './types.js';
import type { Environment, ResultsFile, RunSettings } from './types.js';

/**
 * The results file as it is before the first benchmark finishes: incomplete, no end time, no results.
 * Callers fill `benchmarks`/`fileErrors` as the run progresses and set `complete`/`finishedAt` at the end.
 */
export function createResultsFile(environment: Environment, settings: RunSettings): ResultsFile {
  return {
    schemaVersion: SCHEMA_VERSION,
    environment,
    settings,
    complete: false,
    finishedAt: null,
    benchmarks: [],
    fileErrors: [],
    host: null,
  };
}

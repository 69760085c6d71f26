/**
 * Whether one benchmark's result, as the runner built it from what a benchmark process sent, is
 * what the results file's schema allows (`#/$defs/benchmarkResult`, every property known): a
 * process can send an event of the right outline with a wrong value deep inside (a sample's time
 * as a string), which would otherwise reach the results file and make it unreadable to every
 * command that checks the files it reads (read-results.ts).
 */
import { resultsSchema } from './read-results.js';
import { compileSchemaCheck, type SchemaCheck } from './schema-check.js';
import { SCHEMA_VERSION } from '../types.js';

let check: SchemaCheck | null = null;

/** The first problem of a built benchmark result (`<path> <message>`), or null when it is valid. */
export function benchmarkResultProblem(result: unknown): string | null {
  if (check === null) {
    check = compileSchemaCheck({ $ref: '#/$defs/benchmarkResult', $defs: resultsSchema(SCHEMA_VERSION)['$defs'] });
  }
  return check(result);
}

/**
 * Reads a `ubench probe --json` document back (for `ubench report`), checking its format marker,
 * version and outline, and withholds its physically implausible figures; anything else is a one-line ResultsFileError naming the file.
 */
import { ResultsFileError } from '../results/files/read-results.js';
import { withholdImplausibleFigures } from './check-plausibility.js';
import { PROBE_FORMAT, type ProbeDocument } from './probe-types.js';

/** True when `value` carries the probe document's format marker (any version). */
export function isProbeDocument(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)['format'] === PROBE_FORMAT.format;
}

/** Checks a parsed value that carries the probe marker; `path` names it in errors. */
export function checkProbeDocument(path: string, value: unknown): ProbeDocument {
  const doc = value as Record<string, unknown>;
  if (doc['version'] !== PROBE_FORMAT.version) {
    throw new ResultsFileError(path, `${path}: probe document version ${String(doc['version'])} is not supported (this ubench reads version ${PROBE_FORMAT.version})`);
  }
  const experiments = doc['experiments'];
  const outlineOk =
    Array.isArray(experiments) &&
    experiments.every((e) => typeof e === 'object' && e !== null && Array.isArray((e as Record<string, unknown>)['series']) && Array.isArray((e as Record<string, unknown>)['findings'])) &&
    typeof doc['environment'] === 'object' &&
    doc['environment'] !== null &&
    typeof doc['os'] === 'object' &&
    doc['os'] !== null;
  if (!outlineOk) throw new ResultsFileError(path, `${path}: malformed probe document (expected environment, os and experiments with series and findings)`);
  // A document written before the plausibility check (or edited by hand) is checked on reading too.
  return withholdImplausibleFigures(value as ProbeDocument);
}

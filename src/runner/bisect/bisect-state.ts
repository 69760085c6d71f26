/**
 * What `ubench bisect --resume` continues from: the steps already measured, kept in
 * `.ubench/bisect/<key>.json` under the working folder, the key being a hash of the range and of
 * every option that changes a step's verdict (so a bisect with another threshold or metric starts
 * afresh rather than reuse verdicts it would not have given). The file is rewritten after every
 * step; it is read as untrusted: anything but the expected shape is a one-line error.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { StepResult, StepVerdict } from '../../analysis/bisect/bisect-search.js';
import { oneLineMessage } from '../../results/text/one-line-message.js';
import { UBENCH_DIR } from '../../results/files/history-folder.js';
import { writeTextAtomic } from '../../results/files/write-results.js';
import { UsageError } from '../usage-error.js';

/** Marks a bisect state file; bumped on an incompatible change of its shape. */
export const BISECT_STATE_FORMAT = { format: 'ubench-bisect-state', version: 1 } as const;

/** Hex characters of the key in the file name: 64 bits, no collision among the bisects of one folder. */
const KEY_LENGTH = 16;

/** Everything that decides a step's verdict. */
export interface BisectKeyInputs {
  good: string;
  bad: string;
  paths: readonly string[];
  filter: string | null;
  threshold: number;
  direction: string;
  metric: string;
  pairs: number;
  noise: number;
  timeBudgetNs: number;
  warmupMaxNs: number;
}

export function bisectKey(inputs: BisectKeyInputs): string {
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, KEY_LENGTH);
}

export function statePath(cwd: string, key: string): string {
  return path.join(cwd, UBENCH_DIR, 'bisect', `${key}.json`);
}

const VERDICTS: readonly StepVerdict[] = ['slower', 'not-slower', 'undecided', 'skipped'];
const OBJECT_NAME = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/** A step as kept: the verdict and its reason are required, the numbers optional. */
function readStep(value: unknown): StepResult | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!VERDICTS.includes(v['verdict'] as StepVerdict) || typeof v['reason'] !== 'string') return null;
  const num = (k: string): number | null | undefined => (typeof v[k] === 'number' || v[k] === null ? (v[k] as number | null) : undefined);
  const step: StepResult = { verdict: v['verdict'] as StepVerdict, reason: v['reason'] };
  for (const k of ['change', 'ciLower', 'ciUpper'] as const) if (num(k) !== undefined) step[k] = num(k)!;
  for (const k of ['pairs', 'ms'] as const) if (typeof v[k] === 'number') step[k] = v[k];
  if (typeof v['metric'] === 'string') step.metric = v['metric'];
  if (v['judgedBy'] === 'counted' || v['judgedBy'] === 'signed-rank') step.judgedBy = v['judgedBy'];
  if (typeof v['benchmark'] === 'string') step.benchmark = v['benchmark'];
  return step;
}

/** The steps kept for `key`, by commit; an empty map when there is no file. */
export function readState(file: string, inputs: BisectKeyInputs): Map<string, StepResult> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw new UsageError(`bisect --resume: cannot read ${file}: ${oneLineMessage(error)}`);
  }
  const broken = (why: string): UsageError => new UsageError(`bisect --resume: ${file} is not a bisect state this version reads (${why}); delete it to start afresh`);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw broken('not JSON');
  }
  const d = doc as Record<string, unknown>;
  if (typeof doc !== 'object' || doc === null || d['format'] !== BISECT_STATE_FORMAT.format || d['version'] !== BISECT_STATE_FORMAT.version) throw broken('format or version');
  if (JSON.stringify(d['inputs']) !== JSON.stringify(inputs)) throw broken('kept for another range or other options');
  const steps = d['steps'];
  if (typeof steps !== 'object' || steps === null || Array.isArray(steps)) throw broken('no steps');
  const kept = new Map<string, StepResult>();
  for (const [commit, value] of Object.entries(steps)) {
    const step = readStep(value);
    if (!OBJECT_NAME.test(commit) || step === null) throw broken(`a step of ${commit.slice(0, 12)} malformed`);
    kept.set(commit, step);
  }
  return kept;
}

export function writeState(file: string, inputs: BisectKeyInputs, steps: ReadonlyMap<string, StepResult>): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeTextAtomic(file, `${JSON.stringify({ ...BISECT_STATE_FORMAT, inputs, steps: Object.fromEntries(steps) }, null, 2)}\n`);
}

/**
 * The probe document from one run's results: each experiment's benchmarks (matched by bench file)
 * analysed into series and findings, with its status: skipped where the machine cannot run it
 * (a "cannot run" error), failed on any other error, measured points kept either way.
 */
import path from 'node:path';
import type { BenchmarkResult, ResultsFile } from '../results/types.js';
import type { OsCacheFacts } from './os-cache-facts.js';
import type { ProbeExperiment } from './probe-experiment.js';
import { withholdImplausible } from './check-plausibility.js';
import { probeFileName } from './probe-experiments.js';
import { CANNOT_RUN, PROBE_FORMAT, type ProbeDocument, type ProbeExperimentResult } from './probe-types.js';

export interface ProbeInput {
  results: ResultsFile;
  experiments: readonly ProbeExperiment[];
  os: OsCacheFacts;
  osSource: string;
  quick: boolean;
  /** False when the run was interrupted. */
  complete: boolean;
}

function errorText(b: BenchmarkResult): string {
  return b.error?.message ?? `status ${b.status}`;
}

function experimentResult(exp: ProbeExperiment, input: ProbeInput): ProbeExperimentResult {
  const fileName = probeFileName(exp.id);
  const mine = input.results.benchmarks.filter((b) => path.basename(b.file) === fileName);
  const fileError = input.results.fileErrors.find((e) => path.basename(e.file) === fileName);
  const file = mine[0]?.file ?? fileError?.file ?? fileName;
  const analysis = exp.analyze(mine, input.os);
  const base = { id: exp.id, title: exp.title, file, ...analysis };
  if (fileError !== undefined) return { ...base, status: 'failed', reason: fileError.error.message };
  const failures = mine.filter((b) => b.status !== 'ok');
  const cannotRun = failures.filter((b) => b.error?.message.startsWith(CANNOT_RUN) === true);
  const broken = failures.filter((b) => !cannotRun.includes(b));
  const measured = analysis.series.some((s) => s.points.length > 0);
  const notes = [...analysis.notes];
  if (measured || broken.length > 0) for (const b of cannotRun) notes.push(`${b.name} not measured: ${errorText(b)}`);
  if (broken.length > 0) return { ...base, notes, status: 'failed', reason: `${broken[0]!.name}: ${errorText(broken[0]!)}` };
  if (mine.length === 0) return { ...base, notes, status: 'skipped', reason: input.complete ? 'the bench file declared no benchmarks' : 'not run: the probe was interrupted' };
  if (!measured) return { ...base, notes, status: 'skipped', reason: errorText(cannotRun[0] ?? mine[0]!) };
  return { ...base, notes, status: 'ok', reason: null };
}

export function buildProbeDocument(input: ProbeInput): ProbeDocument {
  return {
    ...PROBE_FORMAT,
    quick: input.quick,
    complete: input.complete,
    environment: input.results.environment,
    timer: input.results.environment.clock,
    os: input.os,
    osSource: input.osSource,
    // Every figure is checked for physical plausibility before any report reads it.
    experiments: input.experiments.map((exp) => withholdImplausible(experimentResult(exp, input))),
  };
}

/**
 * The run history: every run's results file, kept under `.ubench/runs/` (one file per run, named
 * by its start time so the names sort in time order), for `ubench history`. The folder also gets a
 * `.gitignore` so that the history and saved profiles stay out of commits while
 * `.ubench/baselines/` (meant to be committed) does not.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { readResults, ResultsFileError } from './read-results.js';
import type { ResultsFile } from '../types.js';
import { writeTextAtomic } from './write-results.js';

/** Where ubench keeps everything of a project, relative to the working directory. */
export const UBENCH_DIR = '.ubench';
/** The run history, relative to the working directory. */
export const RUNS_DIR = path.join(UBENCH_DIR, 'runs');
/**
 * Runs kept; older ones are deleted after each run. A results file of a few dozen benchmarks is
 * tens to hundreds of KiB, so a hundred runs stay within tens of MiB and cover weeks of work.
 */
export const HISTORY_KEEP_RUNS = 100;
/** Written once into `.ubench/`: the machine-local parts are ignored, baselines are not. */
const UBENCH_GITIGNORE = '# written by ubench: run history and profiles are local; baselines/ is meant to be committed\nruns/\nprofiles/\n';

/** A history file's name: the run's start time (UTC, sortable, no `:`), and the pid to keep concurrent runs apart. */
export function historyFileName(startedAt: string, pid: number): string {
  return `${startedAt.replace(/:/g, '-')}-${pid}.json`;
}

/** Creates `.ubench/.gitignore` when the folder has none (never overwrites the user's own). */
export function ensureUbenchGitignore(ubenchDir: string): void {
  const file = path.join(ubenchDir, '.gitignore');
  if (!existsSync(file)) writeTextAtomic(file, UBENCH_GITIGNORE);
}

/** History files in time order (oldest first); an absent folder has none. */
export function listHistory(runsDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(runsDir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
    .sort()
    .map((n) => path.join(runsDir, n));
}

/** Deletes all but the newest `keep` history files; the file being written is never among the deleted. */
export function pruneHistory(runsDir: string, keep: number, current: string): void {
  const files = listHistory(runsDir).filter((f) => f !== current);
  for (const file of files.slice(0, Math.max(0, files.length - (keep - 1)))) rmSync(file, { force: true });
}

export interface HistoryRun {
  file: string;
  results: ResultsFile;
}

export interface History {
  runs: HistoryRun[];
  /** Files that could not be read, with the one-line reason. */
  unreadable: { file: string; reason: string }[];
}

/** Reads every history file; a broken one is listed, never fatal. */
export function readHistory(runsDir: string): History {
  const history: History = { runs: [], unreadable: [] };
  for (const file of listHistory(runsDir)) {
    try {
      history.runs.push({ file, results: readResults(file) });
    } catch (error) {
      if (!(error instanceof ResultsFileError)) throw error;
      history.unreadable.push({ file, reason: error.message });
    }
  }
  return history;
}

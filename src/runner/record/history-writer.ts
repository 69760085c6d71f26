/**
 * Keeps a run in the history (`.ubench/runs/`): its results file is written there whenever the
 * run's results are saved, so an interrupted run is kept too (marked incomplete). A history that
 * cannot be written is reported once and the run goes on: the history is a convenience, the
 * measurements are not at stake.
 */
import path from 'node:path';
import { ensureUbenchGitignore, HISTORY_KEEP_RUNS, historyFileName, pruneHistory, UBENCH_DIR } from '../../results/files/history-folder.js';
import type { ResultsFile } from '../../results/types.js';
import { writeResultsAtomic } from '../../results/files/write-results.js';
import { oneLineMessage } from '../../results/text/one-line-message.js';

export class HistoryWriter {
  readonly file: string;
  private failed = false;
  /** Set after the first write, which also makes sure `.ubench/.gitignore` exists. */
  private written = false;

  constructor(
    private readonly dir: string,
    startedAt: string,
    private readonly warn?: (text: string) => void,
  ) {
    this.file = path.join(dir, historyFileName(startedAt, process.pid));
  }

  write(results: ResultsFile): void {
    if (this.failed) return;
    try {
      const parent = path.dirname(this.dir);
      if (!this.written && path.basename(parent) === UBENCH_DIR) ensureUbenchGitignore(parent);
      writeResultsAtomic(this.file, results);
      this.written = true;
    } catch (error) {
      this.failed = true;
      this.warn?.(`run history not kept: ${oneLineMessage(error)} (--no-history turns it off)`);
    }
  }

  /** Deletes the oldest runs beyond the ones kept. */
  prune(): void {
    if (this.failed) return;
    try {
      pruneHistory(this.dir, HISTORY_KEEP_RUNS, this.file);
    } catch (error) {
      this.warn?.(`old runs not pruned from ${this.dir}: ${oneLineMessage(error)}`);
    }
  }
}

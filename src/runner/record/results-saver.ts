/**
 * Saves the run's results as they grow (`--json` after every benchmark, and the run history) and
 * turns a failed `--json` write into an orderly stop: the first failure (full disk, permissions…)
 * is kept, the run's stop signal fires so the children are stopped as on Ctrl-C, and no later
 * write is tried, so the file keeps the last complete results written (the write is atomic: temp
 * file, then rename). The run then ends with {@link ResultsSaver.failure} as a one-line error.
 */
import type { ResultsFile } from '../../results/types.js';
import { ResultsWriteError, writeResultsAtomic } from '../../results/files/write-results.js';
import type { HistoryWriter } from './history-writer.js';

export class ResultsSaver {
  private readonly stopper = new AbortController();
  private failed: ResultsWriteError | null = null;
  /** Benchmarks in the last results written to `jsonPath`. */
  private savedCount = 0;
  private wroteOnce = false;

  /** Fires on the user's stop (Ctrl-C, `outer`) and on a failed write. */
  readonly signal: AbortSignal;
  private readonly outer: AbortSignal | undefined;
  private readonly onAbort = (): void => this.stopper.abort();

  constructor(
    private readonly jsonPath: string | null,
    private readonly history: HistoryWriter | null,
    outer: AbortSignal | undefined,
  ) {
    this.signal = this.stopper.signal;
    this.outer = outer;
    if (outer?.aborted) this.stopper.abort();
    else outer?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** Stops following the caller's signal (the run is over). */
  close(): void {
    this.outer?.removeEventListener('abort', this.onAbort);
  }

  save(results: ResultsFile): void {
    if (this.jsonPath !== null && this.failed === null) {
      try {
        writeResultsAtomic(this.jsonPath, results);
        this.savedCount = results.benchmarks.length;
        this.wroteOnce = true;
      } catch (error) {
        if (!(error instanceof ResultsWriteError)) throw error;
        const kept = this.wroteOnce ? `; the run was stopped and the file keeps the ${this.savedCount} benchmark result${this.savedCount === 1 ? '' : 's'} saved before` : '';
        this.failed = new ResultsWriteError(`${error.message}${kept}`, { cause: error });
        this.stopper.abort();
      }
    }
    this.history?.write(results);
  }

  /** The failed write that stopped the run, or null. */
  get failure(): ResultsWriteError | null {
    return this.failed;
  }
}

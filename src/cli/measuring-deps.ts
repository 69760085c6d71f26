/**
 * What a measuring command (a run, `ab`) hands the runner: the executor, relaying the benchmarks'
 * own output past the progress line (nothing with `--quiet`), the progress line itself (off a
 * terminal, a line per finished benchmark instead; nothing with `--quiet`), warnings, Ctrl-C, and
 * the host check before the first process (--wait-for-quiet).
 */
import { finishedLine } from '../report/finished-line.js';
import { createProgress, type Progress } from '../report/progress.js';
import { createRuntimeExecutor } from '../runner/child/runtime-executor.js';
import type { RunDeps } from '../runner/run.js';
import type { CliIo } from './cli-io.js';
import { visibleText } from '../results/text/visible-text.js';
import { hostGateHook } from './host-gate-hook.js';

/** `waitForQuietNs`: --wait-for-quiet's longest wait, or null. */
export function measuringDeps(quiet: boolean, io: CliIo, waitForQuietNs: number | null = null): { deps: RunDeps; progress: Progress } {
  // --quiet: a stream that drops everything, so neither the status line nor the finished lines show.
  const progress = createProgress(quiet ? { isTTY: false, write: () => true } : io.stderr);
  const relay = quiet
    ? null
    : (text: string): void => {
        progress.clear();
        io.stderr.write(text);
      };
  const deps: RunDeps = {
    executor: io.executor ?? createRuntimeExecutor({ relay, cwd: io.cwd }),
    progress: (text) => progress.update(visibleText(text)),
    finished: (benchmark) => progress.line(finishedLine(benchmark)),
    passStarted: (text) => progress.line(visibleText(text)),
    warn: (text) => {
      progress.clear();
      io.stderr.write(`ubench: warning: ${visibleText(text)}\n`);
    },
    note: (file, text) => {
      progress.clear();
      io.stderr.write(`ubench: ${visibleText(file)}: ${visibleText(text)}\n`);
    },
    signal: io.signal,
    beforeMeasuring: hostGateHook(waitForQuietNs, io, () => progress.clear()),
  };
  return { deps, progress };
}

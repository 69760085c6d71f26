/**
 * `ubench history`: every benchmark's estimate over the kept runs (`.ubench/runs/`), with the
 * significant changes between consecutive runs marked; `--json` writes the series.
 */
import { useColor } from './option-values.js';
import pc from 'picocolors';
import { analyseHistory, type RunHistoryAnalysis } from '../analysis/run-history.js';
import { COMPARE_ALPHA } from '../analysis/compare-runs.js';
import { renderHistoryReport } from '../report/history-report.js';
import { readHistory } from '../results/run-history.js';
import { analysedNow } from '../analysis/read-analysed.js';
import { writeTextAtomic } from '../results/write-results.js';
import { displayPath } from '../runner/display-path.js';
import type { HistoryCommand } from './history-args.js';
import { UsageError } from '../runner/usage-error.js';

/** Marks the `history --json` document; bumped on an incompatible change of its shape. */
export const HISTORY_FORMAT = { format: 'ubench-history', version: 1 } as const;

interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream;
  cwd: string;
}

export function historyDocument(analysis: RunHistoryAnalysis, noise: number): object {
  return { ...HISTORY_FORMAT, alpha: COMPARE_ALPHA, noise, ...analysis };
}

export function runHistory(command: HistoryCommand, io: Io): number {
  const dirLabel = displayPath(command.runsDir, io.cwd);
  const history = readHistory(command.runsDir);
  for (const bad of history.unreadable) io.stderr.write(`ubench: warning: history: skipped ${displayPath(bad.file, io.cwd)}: ${bad.reason}\n`);
  if (history.runs.length === 0) throw new UsageError(`history: no runs kept in ${dirLabel} (every run is kept there unless --no-history)`);
  const analysis = analyseHistory(
    history.runs.map((r) => ({ label: displayPath(r.file, io.cwd), results: analysedNow(r.results) })),
    { filter: command.filter, noise: command.noise, seed: command.seed, metric: command.metric },
  );
  if (analysis.benchmarks.length === 0) throw new UsageError(`history: no benchmark in ${history.runs.length} run(s) matches ${command.filter}`);
  const color = useColor(command.color, io.stdout);
  const c = pc.createColors(color);
  io.stdout.write(
    `${c.bold('history')} ${dirLabel} ${c.dim(`(${history.runs.length} runs; a change between consecutive runs is called when ${command.metric === 'instructions' ? 'their instructions per operation differ with' : 'Mann–Whitney U gives'} p < ${COMPARE_ALPHA} and its 95% CI lies beyond ±${+(command.noise * 100).toFixed(2)}%)`)}\n\n`,
  );
  io.stdout.write(renderHistoryReport(analysis, { color, width: io.stdout.columns, last: command.last }));
  if (command.jsonPath !== null) {
    writeTextAtomic(command.jsonPath, `${JSON.stringify(historyDocument(analysis, command.noise), null, 2)}\n`);
    io.stderr.write(`history written to ${displayPath(command.jsonPath, io.cwd)}\n`);
  }
  return 0;
}

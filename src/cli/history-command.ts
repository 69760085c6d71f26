/**
 * `ubench history`: every benchmark's estimate over the kept runs (`.ubench/runs/`), with the
 * significant changes between consecutive runs marked; `--json` writes the series.
 */
import { formatThresholdPercent } from '../results/text/format-units.js';
import { visibleText } from '../results/text/visible-text.js';
import { reportStream, writeJsonOutput } from './export-files.js';
import { useColor } from './option-values.js';
import pc from 'picocolors';
import { analyseHistory } from '../analysis/history-changes.js';
import { COMPARE_ALPHA } from '../analysis/compare-runs.js';
import { historyDocument } from '../export/history-document.js';
import { renderHistoryReport } from '../report/history-report.js';
import { readHistory } from '../results/files/history-folder.js';
import { analysedNow } from '../analysis/read-analysed.js';
import { displayPath } from '../runner/display-path.js';
import type { HistoryCommand } from './history-args.js';
import { UsageError } from '../runner/usage-error.js';

interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  cwd: string;
}

export function runHistory(command: HistoryCommand, io: Io): number {
  const dirLabel = visibleText(displayPath(command.runsDir, io.cwd));
  const history = readHistory(command.runsDir);
  for (const bad of history.unreadable) io.stderr.write(`ubench: warning: history: skipped ${visibleText(`${displayPath(bad.file, io.cwd)}: ${bad.reason}`)}\n`);
  if (history.runs.length === 0) throw new UsageError(`history: no runs kept in ${dirLabel} (every run is kept there unless --no-history)`);
  const analysis = analyseHistory(
    history.runs.map((r) => ({ label: displayPath(r.file, io.cwd), results: analysedNow(r.results) })),
    { filter: command.filter, noise: command.noise, seed: command.seed, metric: command.metric },
  );
  if (analysis.benchmarks.length === 0) throw new UsageError(`history: no benchmark in ${history.runs.length} run(s) matches ${command.filter}`);
  const report = reportStream(io, [command.jsonPath]);
  const color = useColor(command.color, report);
  const c = pc.createColors(color);
  report.write(
    `${c.bold('history')} ${dirLabel} ${c.dim(`(${history.runs.length} runs; a change between consecutive runs is called when ${command.metric === 'instructions' ? 'their instructions per operation differ with' : 'Mann–Whitney U gives'} p < ${COMPARE_ALPHA} and its 95% CI lies beyond ±${formatThresholdPercent(command.noise)})`)}\n\n`,
  );
  report.write(renderHistoryReport(analysis, { color, width: report.columns, last: command.last }));
  if (command.jsonPath !== null) writeJsonOutput(command.jsonPath, historyDocument(analysis, command.noise), 'history', io);
  return 0;
}

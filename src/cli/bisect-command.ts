/**
 * `ubench bisect <good> <bad> [paths…]`: resolves the range, says what it will cost, runs the
 * search (analysis/bisect/bisect-search.ts) with each step measured as `ab <good> <commit>`
 * (runner/bisect/measure-step.ts), keeps every step in `.ubench/bisect/` as it finishes, and
 * reports. Ctrl-C ends the step under way (its worktrees are removed in a `finally`), prints the
 * range still open and exits 130; `--resume` replays the kept steps and goes on.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bisect, maxSteps, type Measure } from '../analysis/bisect/bisect-search.js';
import { shortCommit, summarise, type BisectSummary } from '../analysis/bisect/bisect-summary.js';
import { decideHint } from '../analysis/bisect/step-verdict.js';
import { bisectDocument } from '../export/bisect-document.js';
import { bisectMarkdown } from '../export/bisect-markdown.js';
import { explanationsMarkdown } from '../export/explain-markdown.js';
import { renderBisectPage } from '../html/bisect-page.js';
import { renderBisectReport, stepLine, wallText } from '../report/bisect-report.js';
import { formatThresholdPercent } from '../results/text/format-units.js';
import type { Explanation } from '../results/types.js';
import { visibleText } from '../results/text/visible-text.js';
import { bisectKey, readState, statePath, writeState, type BisectKeyInputs } from '../runner/bisect/bisect-state.js';
import { measureStep, valgrindHere, MEASURE_BATCHES } from '../runner/bisect/measure-step.js';
import { filesChanged, firstParentRange } from '../runner/git/commit-range.js';
import { GitMissingError } from '../runner/git/git-command.js';
import { repositoryRoot, resolveRevision, type Revision } from '../runner/git/revision.js';
import { passSelection } from '../runner/passes/pass-registry.js';
import { COUNT_PLAN_TIME_NS, COUNT_PLAN_WARMUP_NS, countingRunOptions } from '../runner/ab/counting-run.js';
import { COUNT_REPEAT_TOLERANCE, COUNTED_MIN_PAIRS } from '../analysis/counted-comparison.js';
import { UsageError } from '../runner/usage-error.js';
import { runAbCommand } from './ab-command.js';
import type { BisectCommand } from './bisect-args.js';
import type { CliIo } from './cli-io.js';
import { appendStepSummary, jsonText, reportStream, STDOUT, writeExport, writeJsonOutput } from './export-files.js';
import { EXIT_FAILURES, EXIT_INTERRUPTED, EXIT_OK } from './exit-codes.js';
import { measuringDeps } from './measuring-deps.js';
import { useColor } from './option-values.js';
import { htmlReportLabel } from './report-command.js';
import { writeTextAtomic } from '../results/files/write-results.js';

/**
 * Seconds a benchmark process spends outside its benchmarks (start, loading and transforming the
 * bench file): a rough figure for the estimate said before the first step, whose own time replaces it.
 */
const PROCESS_OVERHEAD_S = 0.4;
/**
 * Seconds more a process takes counting a benchmark's instructions: node starting under valgrind and
 * counting the benchmark's regions, an order of magnitude slower than the timing (lab/bisect.md has
 * the wall times this is checked against).
 */
const VALGRIND_PROCESS_S = 14;

const short = shortCommit;

async function resolveEnds(command: BisectCommand, cwd: string): Promise<{ root: string; good: Revision; bad: Revision }> {
  try {
    const root = await repositoryRoot(cwd);
    if (root === null) throw new UsageError(`bisect: ${cwd} is not in a git repository; nothing was measured`);
    const resolve = async (name: string, which: string): Promise<Revision> => {
      const r = await resolveRevision(name, root);
      if (r === null) throw new UsageError(`bisect: unknown ${which} revision: ${name}; nothing was measured`);
      return r;
    };
    return { root, good: await resolve(command.good, 'good'), bad: await resolve(command.bad, 'bad') };
  } catch (error) {
    if (error instanceof GitMissingError) throw new UsageError('bisect: needs git, which was not found on PATH; nothing was measured');
    throw error;
  }
}

/** The cost said before the first step: commits, the most steps, and the time a step may take by the metric. */
export function costText(commits: number, command: Pick<BisectCommand, 'pairs' | 'metric' | 'run'>, valgrind: boolean = valgrindHere()): string {
  const steps = maxSteps(commits);
  const processes = 2 * command.pairs;
  const counting = command.metric === 'instructions';
  // Counting, the timing only plans the count (runner/ab/counting-run.ts), on a short budget.
  const timed = counting ? countingRunOptions(command.run) : command.run;
  const perBenchmark = (timed.timeBudgetNs + timed.warmupMaxNs) / 1e9;
  const stepS = processes * (PROCESS_OVERHEAD_S + perBenchmark + (counting ? VALGRIND_PROCESS_S : 0));
  const escalation = 2 * COUNTED_MIN_PAIRS * (PROCESS_OVERHEAD_S + (COUNT_PLAN_TIME_NS + COUNT_PLAN_WARMUP_NS) / 1e9 + VALGRIND_PROCESS_S);
  const more = counting
    ? `each process counting instructions under valgrind; more pairs for a benchmark whose counts do not repeat`
    : `twice that for a step that can't tell${valgrind ? `, then ~${Math.round(escalation)} s more to count instructions under valgrind in ${COUNTED_MIN_PAIRS} pairs` : ''}`;
  const between = steps - 1;
  return `${commits} commit${commits === 1 ? '' : 's'} after good; at most ${steps} measured step${steps === 1 ? '' : 's'} (the bad end, then ⌈log2 ${commits}⌉ = ${between} between), one more for each commit skipped; a step is ${processes} processes (${command.pairs} pairs), ~${Math.round(stepS)} s per benchmark (${more}); ~${wallText(stepS * 1000 * steps)} in all for one benchmark; the first step says its own time`;
}

/** `ab <parent> <commit> --explain`, its report on `io`; the explanations from its JSON, or null when it could not run. */
async function explainFound(command: BisectCommand, parent: string, commit: string, io: CliIo): Promise<Explanation[] | null> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ubench-bisect-explain-'));
  const json = path.join(dir, 'ab.json');
  try {
    const code = await runAbCommand(
      {
        command: 'ab',
        positionals: [parent, commit, ...command.paths],
        revisions: true,
        pairs: command.pairs,
        noise: command.noise,
        metric: command.metric,
        quiet: command.quiet,
        waitForQuietNs: null,
        jsonPath: json,
        markdownPath: null,
        htmlPath: null,
        color: command.color,
        failOnRegression: null,
        explain: true,
        run: { ...command.run, passes: passSelection({ instructions: command.metric === 'instructions' }) },
      },
      io,
    );
    if (code === EXIT_INTERRUPTED || !existsSync(json)) return null;
    const doc = JSON.parse(readFileSync(json, 'utf8')) as { explain?: Explanation[] };
    return Array.isArray(doc.explain) ? doc.explain : [];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runBisectCommand(command: BisectCommand, io: CliIo): Promise<number> {
  const { deps, progress } = measuringDeps(command.quiet, io);
  const say = (text: string): void => {
    progress.clear();
    io.stderr.write(`ubench: bisect: ${visibleText(text)}\n`);
  };
  const { root, good, bad } = await resolveEnds(command, io.cwd);
  const range = await firstParentRange(good.commit, bad.commit, root);
  if (range.length === 0) throw new UsageError(`bisect: ${command.bad} is ${command.good} (${short(good.commit)}): no commit after the good end to search; nothing was measured`);
  const inputs: BisectKeyInputs = {
    good: good.commit,
    bad: bad.commit,
    paths: command.paths,
    filter: command.run.filter,
    threshold: command.threshold,
    direction: command.direction,
    metric: command.metric,
    pairs: command.pairs,
    noise: command.noise,
    timeBudgetNs: command.run.timeBudgetNs,
    warmupMaxNs: command.run.warmupMaxNs,
  };
  const stateFile = statePath(io.cwd, bisectKey(inputs));
  const kept = command.resume ? readState(stateFile, inputs) : new Map();
  say(costText(range.length, command));
  if (command.resume) say(`resuming: ${kept.size} step${kept.size === 1 ? '' : 's'} kept in ${path.relative(io.cwd, stateFile)}`);
  else if (existsSync(stateFile)) say(`an earlier bisect of this range and options was kept in ${path.relative(io.cwd, stateFile)}: starting afresh (--resume continues it)`);
  const fallback = command.metric === 'time' && valgrindHere();
  const options = {
    good: good.commit,
    paths: command.paths,
    cwd: io.cwd,
    pairs: command.pairs,
    metric: command.metric,
    noise: command.noise,
    threshold: command.threshold,
    direction: command.direction,
    run: command.run,
    instructionsFallback: fallback,
  };
  const started = performance.now();
  let stepNo = 0;
  let measuredSteps = 0;
  const measure: Measure = async (index) => {
    const commit = range[index - 1]!;
    stepNo++;
    const step = stepNo;
    const earlier = kept.get(commit.commit);
    const line = (result: NonNullable<typeof earlier>, resumed: boolean): void => say(stepLine({ step, commit, position: index, result, resumed }, command.direction));
    if (earlier !== undefined) {
      line(earlier, true);
      return { result: earlier, resumed: true };
    }
    const result = await measureStep(commit.commit, options, {
      ...deps,
      progress: (text) => deps.progress(`step ${step} ${short(commit.commit)} ${text}`),
      warn: deps.warn ?? (() => undefined),
      now: () => performance.now(),
    });
    if (result === null) return null;
    kept.set(commit.commit, result);
    writeState(stateFile, inputs, kept);
    line(result, false);
    if (measuredSteps++ === 0 && result.ms !== undefined && result.verdict !== 'skipped') {
      const left = maxSteps(range.length) - 1;
      say(`that step took ${wallText(result.ms)}: up to ${left} more ≈ ${wallText(result.ms * left)} (more where a step can't tell)`);
    }
    return { result, resumed: false };
  };
  const outcome = await bisect(range.length, measure);
  progress.clear();
  const firstBadFiles = outcome.kind === 'found' ? await filesChanged(range[outcome.index - 1]!.commit, root) : [];
  const resumeLine = `ubench bisect ${[command.good, command.bad, ...command.paths].join(' ')} … --resume (the same options) continues from the ${kept.size} step${kept.size === 1 ? '' : 's'} kept`;
  const decide =
    outcome.kind === 'interrupted'
      ? resumeLine
      : outcome.kind === 'range' || outcome.kind === 'bad-end-unknown'
        ? `for the undecided commits, ${decideHint(command.metric)}; the skipped ones cannot be measured as they are`
        : null;
  const notes = [
    command.metric === 'instructions'
      ? `each step: ${command.pairs} pairs of fresh processes (ABBA) counting instructions per op, more where the counts do not repeat; counts that repeat within ${formatThresholdPercent(COUNT_REPEAT_TOLERANCE)} decide from their whole range (no p-value), others by ab's signed-rank test (Holm over those benchmarks, Hodges–Lehmann 95% CI); against ${formatThresholdPercent(command.threshold)}`
      : `each step: ${command.pairs} pairs of fresh processes (ABBA), up to ${MEASURE_BATCHES}× when it can't tell${fallback ? `, then instructions per op under valgrind (${COUNTED_MIN_PAIRS} pairs, decided from the counts' range where they repeat)` : ''}; the verdict is ab's (Wilcoxon signed-rank, Holm over the benchmarks, Hodges–Lehmann 95% CI) against ${formatThresholdPercent(command.threshold)}`,
    `steps kept in ${path.relative(io.cwd, stateFile)}`,
  ];
  const summary: BisectSummary = summarise({
    good: { name: command.good, commit: good.commit },
    bad: { name: command.bad, commit: bad.commit },
    range,
    outcome,
    firstBadFiles,
    threshold: command.threshold,
    direction: command.direction,
    metric: command.metric,
    pairs: command.pairs,
    notes,
    ms: performance.now() - started,
    decide,
  });
  if (outcome.kind === 'interrupted') {
    say(summary.headline);
    say(`to continue: ${resumeLine}`);
    if (command.jsonPath !== null && command.jsonPath !== STDOUT) writeTextAtomic(command.jsonPath, jsonText(bisectDocument(summary, false)));
    return EXIT_INTERRUPTED;
  }
  return report(command, io, summary, outcome.kind === 'found' ? { parent: outcome.index === 1 ? good.commit : range[outcome.index - 2]!.commit, commit: range[outcome.index - 1]!.commit } : null);
}

async function report(command: BisectCommand, io: CliIo, summary: BisectSummary, found: { parent: string; commit: string } | null): Promise<number> {
  const out = reportStream(io, [command.jsonPath, command.markdownPath, command.htmlPath]);
  const color = useColor(command.color, out);
  out.write(renderBisectReport(summary, { color, width: out.columns }));
  let explain: Explanation[] | null = null;
  if (command.explain && found !== null) {
    io.stderr.write(`ubench: bisect: --explain: ab ${short(found.parent)} ${short(found.commit)} --explain\n`);
    explain = await explainFound(command, found.parent, found.commit, { ...io, stdout: out });
    if (io.signal?.aborted) return EXIT_INTERRUPTED;
  }
  if (command.jsonPath !== null) writeJsonOutput(command.jsonPath, bisectDocument(summary, true, explain), 'bisect report', io);
  const markdown = (): string => bisectMarkdown(summary) + explanationsMarkdown(explain ?? []);
  if (command.markdownPath !== null) writeExport(command.markdownPath, markdown(), 'markdown', io);
  if (command.htmlPath !== null) {
    const page = renderBisectPage(summary, explain);
    writeExport(command.htmlPath, page, htmlReportLabel(page), io);
  }
  appendStepSummary(markdown, io);
  return summary.outcome === 'found' || summary.outcome === 'nothing' ? EXIT_OK : EXIT_FAILURES;
}

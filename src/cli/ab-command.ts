/**
 * `ubench ab`: measures two sides in alternating fresh processes and reports the paired change of
 * B against A. The sides are two bench files, or the bench files of a revision (checked out into a
 * temporary worktree, removed in a `finally`) and of the working tree or a second revision.
 * `--json` writes the rows (after every pair, so an interrupted run keeps them); `--markdown` and
 * `--html` the table (and with `--explain` the causes) at the end;
 * `--fail-on-regression` gates on B being slower.
 */
import { visibleText } from '../results/text/visible-text.js';
import { useColor } from './option-values.js';
import { isChange } from '../analysis/compare-runs.js';
import { analyseAb, pairEstimates, type AbAnalysis, type AbKey, type AbPair } from '../analysis/ab-pairs.js';
import { regressionMessage, regressions, undecided, undecidedMessage } from '../analysis/regression-gate.js';
import { renderAbReport } from '../report/ab-report.js';
import { abMarkdown } from '../export/ab-markdown.js';
import { renderAbPage } from '../html/ab-page.js';
import { htmlReportLabel } from './report-command.js';
import { abDocument, type AbLabels, type RemeasuredPair } from '../export/ab-document.js';
import { appendStepSummary, jsonText, reportStream, STDOUT, writeExport, writeJsonOutput } from './export-files.js';
import { writeTextAtomic } from '../results/files/write-results.js';
import { measuringDeps } from './measuring-deps.js';
import { displayPath } from '../runner/display-path.js';
import { raisedPairsText, runAb, type AbOutcome, type AbSide } from '../runner/ab/run-ab.js';
import { burstText } from '../analysis/ab-process-level.js';
import { revisionSides, type RevisionSides } from '../runner/git/revision-sides.js';
import type { AbCommand } from './ab-args.js';
import type { CliIo } from './cli-io.js';
import { EXIT_FAILURES, EXIT_INTERRUPTED, EXIT_OK } from './exit-codes.js';
import pc from 'picocolors';
import { explainChange } from '../analysis/explain/explain-change.js';
import { renderExplanations } from '../report/explain-report.js';
import { explanationsMarkdown } from '../export/explain-markdown.js';
import { abEvidence } from '../runner/ab/ab-evidence.js';
import { groupedName } from '../results/text/grouped-name.js';
import type { BenchmarkResult, Explanation, ResultsFile } from '../results/types.js';

/** Two bench files in the working folder: nothing to check out; benchmarks pair by `group/name`. */
function fileSides(command: AbCommand, cwd: string): RevisionSides {
  const side = (file: string): AbSide => ({ label: displayPath(file, cwd), root: cwd, files: [file] });
  return { sides: [side(command.positionals[0]!), side(command.positionals[1]!)], onlyInA: [], onlyInB: [], notes: [], cleanup: async () => undefined };
}

/** The notes the report shows under its table: how each checkout got its dependencies, files of one side only. */
function sideNotes(prepared: RevisionSides): string[] {
  const files = (which: string, list: readonly string[]): string[] => (list.length === 0 ? [] : [`bench files only in ${which} (${list.length}, not measured): ${list.join(', ')}`]);
  return [...prepared.notes, ...files('A', prepared.onlyInA), ...files('B', prepared.onlyInB)];
}

/** The called changes explained: both sides run again with the evidence passes, for those benchmarks only. */
async function explainAb(
  analysis: AbAnalysis,
  pairs: readonly AbPair[],
  options: Parameters<typeof runAb>[0],
  deps: ReturnType<typeof measuringDeps>['deps'],
): Promise<{ explanations: Explanation[]; notes: string[] } | null> {
  const called = analysis.rows.filter((r) => isChange(r.verdict));
  const last = pairs.at(-1);
  if (called.length === 0 || last?.a == null || last.b == null) return { explanations: [], notes: [] };
  const key = options.keyOf ?? ((b: BenchmarkResult) => groupedName(b));
  const idsOf = (results: ResultsFile): string[] => results.benchmarks.filter((b) => called.some((r) => r.name === key(b))).map((b) => b.id);
  const evidence = await abEvidence(options, { a: idsOf(last.a), b: idsOf(last.b) }, deps);
  if (evidence === null) return null;
  const find = (results: ResultsFile, name: string): BenchmarkResult | undefined => results.benchmarks.find((b) => key(b) === name && b.status === 'ok');
  const explanations = called.flatMap((row) => {
    const a = find(evidence.a, row.name);
    const b = find(evidence.b, row.name);
    if (a === undefined || b === undefined || a.estimate === null || b.estimate === null) return [];
    // The pairs' medians size the change better than one more process each: the profiles give the shares, the pairs the ns/op.
    const sized = analysis.metric === 'instructions' ? { a, b } : { a: { ...a, estimate: { ...a.estimate, nsPerOp: row.aNsPerOp } }, b: { ...b, estimate: { ...b.estimate, nsPerOp: row.bNsPerOp } } };
    return [{ ...explainChange(sized.a, sized.b, { change: row.change, ciLower: row.ciLower ?? row.change, ciUpper: row.ciUpper ?? row.change }), name: row.name }];
  });
  return { explanations, notes: evidence.notes };
}

/** Where the wall time went: the pairs, and the evidence runs of `--explain` (null when not run). */
export function tookNote(pairs: number, pairsMs: number, evidence: { changes: number; ms: number } | null): string {
  const seconds = (ms: number): string => `${Math.round(ms / 1000)} s`;
  const explain =
    evidence === null
      ? ''
      : `; --explain ${seconds(evidence.ms)} (${evidence.changes === 0 ? 'no change called' : `${evidence.changes} change${evidence.changes === 1 ? '' : 's'}, both sides' evidence runs side by side`})`;
  return `took ${seconds(pairsMs)} for ${pairs} pair${pairs === 1 ? '' : 's'}${explain}`;
}

export async function runAbCommand(command: AbCommand, io: CliIo): Promise<number> {
  const { deps, progress } = measuringDeps(command.quiet, io, command.waitForQuietNs);
  let prepared: RevisionSides;
  try {
    prepared = command.revisions
      ? await revisionSides(command.positionals, io.cwd, { signal: io.signal, warn: deps.warn ?? (() => undefined), now: () => performance.now() })
      : fileSides(command, io.cwd);
  } catch (error) {
    if (io.signal?.aborted) return EXIT_INTERRUPTED;
    throw error;
  }
  try {
    if (io.signal?.aborted) return EXIT_INTERRUPTED;
    const [a, b] = prepared.sides;
    const labels: AbLabels = { a: a.label, b: b.label, notes: sideNotes(prepared), ...(command.revisions ? { onlyFilesInA: prepared.onlyInA, onlyFilesInB: prepared.onlyInB } : {}) };
    if (!command.quiet) for (const note of labels.notes ?? []) io.stderr.write(`ubench: ab: ${visibleText(note)}\n`);
    // Two files declare the same benchmarks under different file names; two revisions, the same file names.
    const keyOf: AbKey | undefined = command.revisions ? (benchmark) => benchmark.id : undefined;
    return await measure(command, io, { ...command, sides: prepared.sides, ...(keyOf === undefined ? {} : { keyOf }) }, labels, deps, progress);
  } finally {
    await prepared.cleanup();
  }
}

/** Said under the table when the pairs' processes shared hash seeds (runner/ab/pair-hash-seed.ts). */
export const HASH_SEED_NOTE =
  "the two processes of each pair shared V8's string-hash seed, a new one each pair: the layout of string-keyed tables, which V8 draws at random in every process, moved both sides of a pair alike";

async function measure(
  command: AbCommand,
  io: CliIo,
  options: Parameters<typeof runAb>[0],
  labels: AbLabels,
  deps: ReturnType<typeof measuringDeps>['deps'],
  progress: ReturnType<typeof measuringDeps>['progress'],
): Promise<number> {
  const report = reportStream(io, [command.jsonPath, command.markdownPath, command.htmlPath]);
  const color = useColor(command.color, report);
  const analyse = (pairs: readonly AbPair[]): AbAnalysis => analyseAb(pairs, command.noise, command.metric, options.keyOf);
  // What the pairs measured again replaced, kept in the JSON: no measurement is lost.
  const keptOf = (analysis: AbAnalysis, remeasured: AbOutcome['remeasured']): RemeasuredPair[] =>
    remeasured.map(({ level, dropped }) => ({
      ...level,
      dropped: pairEstimates(
        dropped,
        analysis.rows.map((r) => r.name),
        command.metric,
        options.keyOf,
      ),
    }));
  // A file is rewritten after every pair, so an interrupted run keeps them; stdout gets the last one only.
  const onPair = (pairs: readonly AbPair[], remeasured: AbOutcome['remeasured']): void => {
    if (command.jsonPath === null || command.jsonPath === STDOUT) return;
    const analysis = analyse(pairs);
    writeTextAtomic(command.jsonPath, jsonText(abDocument(analysis, labels, false, null, keptOf(analysis, remeasured))));
  };
  const started = performance.now();
  const outcome = await runAb(options, { ...deps, onPair });
  const analysis = analyse(outcome.pairs);
  const pairsDone = performance.now();
  const explained = command.explain && !outcome.interrupted ? await explainAb(analysis, outcome.pairs, options, deps) : null;
  const took = tookNote(outcome.pairs.length, pairsDone - started, explained === null ? null : { changes: explained.explanations.length, ms: performance.now() - pairsDone });
  const notes = [
    ...(labels.notes ?? []),
    ...(outcome.raisedPairs === null ? [] : [raisedPairsText(outcome.raisedPairs)]),
    ...(outcome.sharedHashSeeds ? [HASH_SEED_NOTE] : []),
    ...outcome.remeasured.map((r) => burstText(r.level)),
    ...(explained?.notes ?? []),
    took,
  ];
  progress.clear();
  if (outcome.pairs.length > 0) report.write(renderAbReport(analysis, { color, width: report.columns, labelA: labels.a, labelB: labels.b, notes }));
  if (explained !== null) report.write(renderExplanations(explained.explanations, pc.createColors(color)));
  const explain = explained?.explanations ?? null;
  if (command.jsonPath !== null)
    writeJsonOutput(
      command.jsonPath,
      abDocument(analysis, { ...labels, notes }, !outcome.interrupted && outcome.fileErrors.length === 0, explain, keptOf(analysis, outcome.remeasured)),
      'ab results',
      io,
    );
  if (outcome.pairs.length > 0) {
    const markdown = (): string => abMarkdown(analysis, { ...labels, notes }) + explanationsMarkdown(explain ?? []);
    if (command.markdownPath !== null) writeExport(command.markdownPath, markdown(), 'markdown', io);
    if (command.htmlPath !== null) {
      const page = renderAbPage(analysis, { ...labels, notes }, explain);
      writeExport(command.htmlPath, page, htmlReportLabel(page), io);
    }
    appendStepSummary(markdown, io);
  }
  for (const e of outcome.fileErrors) io.stderr.write(`ubench: ab: ${visibleText(`${e.file}: ${e.error.message}`)}\n`);
  if (outcome.interrupted) return EXIT_INTERRUPTED;
  const failed = outcome.fileErrors.length > 0 || outcome.pairs.some((p) => [p.a!, p.b!].some((r) => r.benchmarks.some((b) => b.status !== 'ok')));
  if (command.failOnRegression !== null) {
    const gated = analysis.rows.map((r) => ({ ...r, label: r.name }));
    const unsure = undecided(gated, command.failOnRegression);
    if (unsure.length > 0) io.stderr.write(`ubench: ${visibleText(undecidedMessage(unsure, command.failOnRegression, 'benchmark of B'))}\n`);
    const slower = regressions(gated, command.failOnRegression);
    if (slower.length > 0) {
      io.stderr.write(`ubench: ${visibleText(regressionMessage(slower, command.failOnRegression, 'benchmark of B'))}\n`);
      return EXIT_FAILURES;
    }
  }
  return failed ? EXIT_FAILURES : EXIT_OK;
}

/**
 * `ubench ab <fileA> <fileB> [options]` and `ubench ab <rev> [<rev>] [paths…] [options]`:
 * arguments, checked. A first argument that is an existing path means two files; otherwise the
 * arguments are revisions and paths, told apart with git when the command runs (runner/git/).
 */
import { passSelection } from '../runner/passes/pass-registry.js';
import type { CompareMetric } from '../analysis/compare-runs.js';
import { COUNTED_MIN_PAIRS } from '../analysis/counted-comparison.js';
import { defaultNoise, metricOption } from './compare-args.js';
import type { AbRunOptions } from '../runner/ab/run-ab.js';
import { namesRevision } from '../runner/git/revision-sides.js';
import { plainRunOptions } from './plain-run-options.js';
import { MEASUREMENT_FLAGS, measurementInputOf, measurementOptions } from './measurement-options.js';
import { colorChoice, parseOptions, percent, positiveInteger } from './option-values.js';
import { UsageError } from '../runner/usage-error.js';
import { checkOneStdout, outputTarget } from './export-files.js';
import { COLOR_FLAGS, type CommandSpec } from './flag-spec.js';
import { WAIT_FOR_QUIET_FLAG, waitForQuietNs } from './wait-for-quiet-option.js';

/**
 * Pairs of processes by default. The signed-rank test needs 6 pairs to reach p < 0.05 at all;
 * with 10 the 95% interval runs from the 9th to the 47th of 55 Walsh averages.
 */
export const DEFAULT_AB_PAIRS = 10;

/**
 * Pairs by default for the metric: 10 comparing time; 2 comparing instructions, whose counts repeat
 * and are then decided from their range (analysis/counted-comparison.ts) — the run adds pairs only
 * where the counts turn out not to repeat (runner/ab/run-ab.ts).
 */
export function defaultPairs(metric: CompareMetric): number {
  return metric === 'instructions' ? COUNTED_MIN_PAIRS : DEFAULT_AB_PAIRS;
}

export interface AbCommand extends Omit<AbRunOptions, 'sides'> {
  command: 'ab';
  /** The two bench files, or the revisions and paths (`revisions` true). */
  positionals: string[];
  /** The first argument is not an existing path: revisions (and paths) to check out and measure. */
  revisions: boolean;
  noise: number;
  /** What the pairs compare: time, or instructions per operation (each process then counts them). */
  metric: CompareMetric;
  /** No progress line and no output from the benchmarks. */
  quiet: boolean;
  /** Wait up to this long for a quiet host first (`--wait-for-quiet`), or null. */
  waitForQuietNs: number | null;
  jsonPath: string | null;
  markdownPath: string | null;
  /** The HTML page (the table, and with `--explain` why each change called happened); `-` for stdout. */
  htmlPath: string | null;
  color: boolean | null;
  /** Exit 1 when B is significantly slower than A by more than this fraction (CI beyond it). */
  failOnRegression: number | null;
  /** Explain every change called: both sides run again with the evidence passes (`--explain`). */
  explain: boolean;
}

/** `ubench ab`'s flags, usage and help. */
export const AB_SPEC = {
  name: 'ab',
  summary: 'measure two versions (two files, or git revisions) in alternating processes, paired',
  synopsis: 'ubench ab <fileA> <fileB> | <rev> [<rev>] [paths…] [options]',
  usage: [
    'ubench ab <fileA> <fileB> [--pairs <n>] [--metric time|instructions] [--noise <pct>] [--fail-on-regression <pct>]',
    '          [--explain] [--json <file>] [--markdown <file>] [--html <file>] [measurement options]',
    'ubench ab <rev> [<rev>] [paths…] [same options as above]',
  ],
  about: [
    'Measures two files declaring the same benchmarks in alternating fresh processes (ABBA order,',
    '--pairs pairs) and reports B against A from the paired ratios (Wilcoxon signed-rank,',
    'Hodges–Lehmann 95% CI): the way to see a small change on a noisy machine. --explain runs both',
    'sides once more with the evidence passes, only the benchmarks whose change was called, and says',
    'why; --markdown and --html write the table (and the explanations) as a document.',
    'ubench ab <rev> measures the bench files at a git revision (A, checked out into a temporary',
    'worktree, removed afterwards, also on Ctrl-C) against the working tree with its uncommitted',
    'changes (B), or against a second revision; benchmarks pair by file path and name. A first',
    'argument that is not an existing path is a revision; the arguments after the revisions are paths',
    "(default: the bench files a run here finds). The checkout uses the working tree's node_modules",
    'when the lockfiles are byte-equal, else installs its own (npm ci, …; the time is said). Bench',
    'files on one side only are listed, not measured.',
  ],
  options: {
    pairs: {
      type: 'string',
      value: '<n>',
      help: [`pairs of processes, A then B or B then A (default ${DEFAULT_AB_PAIRS}; ${COUNTED_MIN_PAIRS} with --metric instructions,`, 'more where the counts do not repeat)'],
    },
    ...MEASUREMENT_FLAGS,
    noise: { type: 'string', value: '<pct>', help: ['noise band (default 1%; 0.2% with --metric instructions)'] },
    metric: { type: 'string', value: '<m>', help: ['what the pairs compare: time (default) or instructions (each process', 'then counts them under valgrind)'] },
    'fail-on-regression': { type: 'string', value: '<pct>', help: ['exit 1 when B is significantly slower than A by more than pct, its', 'whole CI beyond it (for CI)'] },
    explain: { type: 'boolean', help: ['run both sides once more with the evidence passes and say why each', 'change called happened'] },
    json: { type: 'string', value: '<file>', help: ['write the pairs and the verdicts (- for stdout)'] },
    markdown: { type: 'string', value: '<file>', help: ['write the table (and the explanations) as Markdown (- for stdout)'] },
    html: { type: 'string', value: '<file>', help: ['write the table (and the explanations) as one page (- for stdout)'] },
    'wait-for-quiet': WAIT_FOR_QUIET_FLAG,
    quiet: { type: 'boolean', short: 'q', help: ['no progress and no output from the benchmarks'] },
    ...COLOR_FLAGS,
  },
  example: { command: 'ubench ab origin/main --fail-on-regression 5%', does: "this branch's bench files against main's, 10 pairs; exit 1 on a regression beyond 5%" },
  docs: 'docs/comparing.md',
} as const satisfies CommandSpec;

export function parseAbCommand(argv: readonly string[], cwd: string): AbCommand {
  const { values, positionals } = parseOptions(argv, AB_SPEC);
  const revisions = namesRevision(positionals, cwd);
  if (positionals.length === 0) throw new UsageError('ab: expected a revision (ab <rev> [<rev>] [paths…]) or two bench files (ab <fileA> <fileB>), got none');
  if (!revisions && positionals.length !== 2) throw new UsageError(`ab: expected two bench files (A and B), got ${positionals.length}`);
  const metric = metricOption(values.metric);
  const noise = values.noise === undefined ? defaultNoise(metric) : percent(values.noise, '--noise');
  const measurement = measurementOptions(measurementInputOf(values));
  checkOneStdout('ab', { json: values.json, markdown: values.markdown, html: values.html });
  if (measurement.runtimes.length > 1) throw new UsageError('ab: --runtime takes one runtime here (A and B are compared on the same one)');
  return {
    command: 'ab',
    positionals,
    revisions,
    pairs: values.pairs === undefined ? defaultPairs(metric) : positiveInteger(values.pairs, '--pairs'),
    noise,
    metric,
    jsonPath: values.json === undefined ? null : outputTarget(values.json, cwd),
    markdownPath: values.markdown === undefined ? null : outputTarget(values.markdown, cwd),
    htmlPath: values.html === undefined ? null : outputTarget(values.html, cwd),
    color: colorChoice(values),
    failOnRegression: values['fail-on-regression'] === undefined ? null : percent(values['fail-on-regression'], '--fail-on-regression'),
    quiet: values.quiet === true,
    waitForQuietNs: waitForQuietNs(values['wait-for-quiet']),
    explain: values.explain === true,
    run: { ...plainRunOptions(cwd, measurement), passes: passSelection({ instructions: metric === 'instructions' }) },
  };
}

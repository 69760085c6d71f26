/**
 * `ubench bisect <good> <bad> [paths…] [options]`: arguments, checked. The revisions are resolved
 * with git when the command runs (runner/git/); here only their count and the options.
 */
import type { CompareMetric } from '../analysis/compare-runs.js';
import type { Direction } from '../analysis/bisect/step-verdict.js';
import type { RunOptions } from '../runner/run-options.js';
import { UsageError } from '../runner/usage-error.js';
import { DEFAULT_AB_PAIRS, defaultPairs } from './ab-args.js';
import { COUNTED_MIN_PAIRS } from '../analysis/counted-comparison.js';
import { defaultNoise, metricOption } from './compare-args.js';
import { checkOneStdout, outputTarget } from './export-files.js';
import { COLOR_FLAGS, type CommandSpec } from './flag-spec.js';
import { MEASUREMENT_FLAGS, measurementInputOf, measurementOptions } from './measurement-options.js';
import { colorChoice, parseOptions, percent, positiveInteger } from './option-values.js';
import { plainRunOptions } from './plain-run-options.js';

/**
 * The change a step must exceed, by default: above the 2–4% a host drifts within minutes (the paired
 * processes cancel most of it, not all), so ten pairs of a steady benchmark clear it either way,
 * and below the regressions worth a bisect. Smaller ones: --metric instructions with a lower threshold.
 */
export const DEFAULT_BISECT_THRESHOLD = 0.05;

export interface BisectCommand {
  command: 'bisect';
  good: string;
  bad: string;
  /** Paths naming the bench files (default: those a run in the working folder finds). */
  paths: string[];
  threshold: number;
  direction: Direction;
  metric: CompareMetric;
  noise: number;
  pairs: number;
  resume: boolean;
  explain: boolean;
  quiet: boolean;
  jsonPath: string | null;
  markdownPath: string | null;
  htmlPath: string | null;
  color: boolean | null;
  run: RunOptions;
}

export const BISECT_SPEC = {
  name: 'bisect',
  summary: 'find the first commit that made the benchmarks slower (or faster), measured with ab',
  synopsis: 'ubench bisect <good> <bad> [paths…] [options]',
  usage: [
    'ubench bisect <good> <bad> [paths…] [--threshold <pct>] [--faster] [--metric time|instructions]',
    '              [--pairs <n>] [--resume] [--explain] [--json <file>] [--markdown <file>] [--html <file>]',
    '              [measurement options]',
  ],
  about: [
    'Binary search over the first-parent commits after <good> up to <bad> for the first one whose',
    'benchmarks are slower than at <good> by more than the threshold (default 5%), each step measured',
    'as ab measures (pairs of fresh processes, both commits checked out into temporary worktrees).',
    "A step that can't tell measures as many pairs again, then (time, valgrind here) counts",
    'instructions; still undecided, it is set aside like a commit that does not build, lacks the bench',
    'file or whose benchmark fails (git bisect skip), and the report says what range remains.',
    'Says the cost first. Ctrl-C removes the worktrees, prints the open range and exits 130; the',
    'steps are kept in .ubench/bisect/ and --resume continues. --explain runs ab --explain on the',
    'commit found against its parent. Exit 0 when found or nothing to find, 1 when left undecided.',
  ],
  options: {
    threshold: { type: 'string', value: '<pct>', help: [`the change a step must exceed, its whole CI beyond it (default ${DEFAULT_BISECT_THRESHOLD * 100}%)`] },
    faster: { type: 'boolean', help: ['look for the first commit faster by more than the threshold'] },
    metric: { type: 'string', value: '<m>', help: ['what a step compares: time (default) or instructions (valgrind)'] },
    pairs: {
      type: 'string',
      value: '<n>',
      help: [`pairs of processes per step (default ${DEFAULT_AB_PAIRS}, twice that when it can't tell; ${COUNTED_MIN_PAIRS} with`, '--metric instructions, more where the counts do not repeat)'],
    },
    noise: { type: 'string', value: '<pct>', help: ['noise band of the paired verdict (default 1%; 0.2% with --metric instructions)'] },
    ...MEASUREMENT_FLAGS,
    resume: { type: 'boolean', help: ['continue a bisect of the same range and options from its kept steps'] },
    explain: { type: 'boolean', help: ['run ab --explain on the commit found against its parent'] },
    json: { type: 'string', value: '<file>', help: ['write the outcome and every step (- for stdout)'] },
    markdown: { type: 'string', value: '<file>', help: ['write the report as Markdown (- for stdout)'] },
    html: { type: 'string', value: '<file>', help: ['write the report as one page (- for stdout)'] },
    quiet: { type: 'boolean', short: 'q', help: ['no progress and no output from the benchmarks'] },
    ...COLOR_FLAGS,
  },
  example: { command: 'ubench bisect v1.2.0 main bench/parse.bench.ts', does: 'the first commit after v1.2.0 where parse.bench.ts got more than 5% slower' },
  docs: 'docs/bisect.md',
} as const satisfies CommandSpec;

export function parseBisectCommand(argv: readonly string[], cwd: string): BisectCommand {
  const { values, positionals } = parseOptions(argv, BISECT_SPEC);
  if (positionals.length < 2) throw new UsageError(`bisect: expected a good and a bad revision (bisect <good> <bad> [paths…]), got ${positionals.length}`);
  const metric = metricOption(values.metric);
  const measurement = measurementOptions(measurementInputOf(values));
  if (measurement.runtimes.length > 1) throw new UsageError('bisect: --runtime takes one runtime here (every step compares on the same one)');
  checkOneStdout('bisect', { json: values.json, markdown: values.markdown, html: values.html });
  const threshold = values.threshold === undefined ? DEFAULT_BISECT_THRESHOLD : percent(values.threshold, '--threshold');
  return {
    command: 'bisect',
    good: positionals[0]!,
    bad: positionals[1]!,
    paths: positionals.slice(2),
    threshold,
    direction: values.faster === true ? 'faster' : 'slower',
    metric,
    noise: values.noise === undefined ? defaultNoise(metric) : percent(values.noise, '--noise'),
    pairs: values.pairs === undefined ? defaultPairs(metric) : positiveInteger(values.pairs, '--pairs'),
    resume: values.resume === true,
    explain: values.explain === true,
    quiet: values.quiet === true,
    jsonPath: values.json === undefined ? null : outputTarget(values.json, cwd),
    markdownPath: values.markdown === undefined ? null : outputTarget(values.markdown, cwd),
    htmlPath: values.html === undefined ? null : outputTarget(values.html, cwd),
    color: colorChoice(values),
    run: plainRunOptions(cwd, measurement),
  };
}

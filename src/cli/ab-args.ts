/**
 * `ubench ab <fileA> <fileB> [options]` and `ubench ab <rev> [<rev>] [paths…] [options]`:
 * arguments, checked. A first argument that is an existing path means two files; otherwise the
 * arguments are revisions and paths, told apart with git when the command runs (runner/git/).
 */
import { passSelection } from '../runner/passes/pass-registry.js';
import type { CompareMetric } from '../analysis/compare-runs.js';
import { defaultNoise, metricOption } from './compare-args.js';
import type { AbRunOptions } from '../runner/run-ab.js';
import { namesRevision } from '../runner/git/revision-sides.js';
import { plainRunOptions } from './plain-run-options.js';
import { MEASUREMENT_FLAGS, measurementInputOf, measurementOptions } from './measurement-options.js';
import { colorChoice, parseOptions, percent, positiveInteger } from './option-values.js';
import { UsageError } from '../runner/usage-error.js';
import { checkOneStdout, outputTarget } from './export-files.js';

/**
 * Pairs of processes by default. The signed-rank test needs 6 pairs to reach p < 0.05 at all;
 * with 10 the 95% interval runs from the 9th to the 47th of 55 Walsh averages.
 */
export const DEFAULT_AB_PAIRS = 10;

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

export function parseAbCommand(argv: readonly string[], cwd: string): AbCommand {
  const { values, positionals } = parseOptions(argv, {
    pairs: { type: 'string' },
    ...MEASUREMENT_FLAGS,
    noise: { type: 'string' },
    metric: { type: 'string' },
    json: { type: 'string' },
    markdown: { type: 'string' },
    html: { type: 'string' },
    explain: { type: 'boolean' },
    'fail-on-regression': { type: 'string' },
    quiet: { type: 'boolean', short: 'q' },
    color: { type: 'boolean' },
    'no-color': { type: 'boolean' },
  });
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
    pairs: values.pairs === undefined ? DEFAULT_AB_PAIRS : positiveInteger(values.pairs, '--pairs'),
    noise,
    metric,
    jsonPath: values.json === undefined ? null : outputTarget(values.json, cwd),
    markdownPath: values.markdown === undefined ? null : outputTarget(values.markdown, cwd),
    htmlPath: values.html === undefined ? null : outputTarget(values.html, cwd),
    color: colorChoice(values),
    failOnRegression: values['fail-on-regression'] === undefined ? null : percent(values['fail-on-regression'], '--fail-on-regression'),
    quiet: values.quiet === true,
    explain: values.explain === true,
    run: { ...plainRunOptions(cwd, measurement), passes: passSelection({ instructions: metric === 'instructions' }) },
  };
}

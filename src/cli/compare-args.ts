/** `ubench compare <base.json> <new.json> [options]`: arguments, checked. */
import { DEFAULT_NOISE, type CompareMetric } from '../analysis/compare-runs.js';
import { INSTRUCTION_NOISE } from '../analysis/compare-instructions.js';
import { baselineFile, colorChoice, integer, parseOptions, percent } from './option-values.js';
import { UsageError } from '../runner/usage-error.js';
import { checkOneStdout, outputTarget } from './export-files.js';
import { COLOR_FLAGS, type CommandSpec } from './flag-spec.js';

/** The bootstrap of the change's CI is seeded, so a comparison prints the same every time. */
export const DEFAULT_COMPARE_SEED = 1;

export interface CompareCommand {
  command: 'compare';
  basePath: string;
  newPath: string;
  noise: number;
  jsonPath: string | null;
  markdownPath: string | null;
  csvPath: string | null;
  /** The HTML page of the comparison (with `--explain`, why each change called happened); `-` for stdout. */
  htmlPath: string | null;
  seed: number;
  color: boolean | null;
  /** Exit 1 when a benchmark is significantly slower by more than this fraction (CI beyond it). */
  failOnRegression: number | null;
  /** What changes are called on: time, or instructions per operation (runs made with --instructions). */
  metric: CompareMetric;
  /** Explain every change called from the evidence both files carry (`--explain`). */
  explain: boolean;
}

/** `--metric time|instructions`; the noise band's default follows the metric. */
export function metricOption(value: string | undefined): CompareMetric {
  if (value === undefined || value === 'time') return 'time';
  if (value === 'instructions') return 'instructions';
  throw new UsageError(`--metric: expected time or instructions, got "${value}"`);
}

/** The default noise band of a metric: criterion's ±1% for time, ±0.2% for instruction counts. */
export const defaultNoise = (metric: CompareMetric): number => (metric === 'instructions' ? INSTRUCTION_NOISE : DEFAULT_NOISE);

/** `ubench compare`'s flags, usage and help. */
export const COMPARE_SPEC = {
  name: 'compare',
  summary: 'compare two saved runs, benchmark by benchmark: faster, slower, same or cannot tell',
  synopsis: 'ubench compare <base> <new> [options]',
  usage: [
    'ubench compare <base> <new> [--metric time|instructions] [--noise <pct>] [--fail-on-regression <pct>]',
    '               [--explain] [--json <file>] [--markdown <file>] [--csv <file>] [--html <file>] [--seed <n>]',
  ],
  about: [
    '<base> and <new> are results files or baseline names. One row per benchmark in both,',
    'with the change of the median and its 95% CI, a Mann–Whitney U p-value (on per-process',
    'estimates when both runs used --forks), and a verdict: faster/slower only when p < 0.05 and',
    'the CI lies beyond the band (--noise, default 1%, wider between single processes); same when the',
    "whole CI lies inside it; can't tell when it crosses the band's edge, with what would decide it.",
    '--metric instructions calls changes on instructions per operation instead (default band 0.2%).',
    "Between single-process runs, the band widens by how much the host's own speed differed (its",
    "speed reference beside the samples), so the machine's change is not called the code's.",
    '--explain says why each change called happened, from the evidence both files carry (runs made',
    "with --profile, --instructions, --alloc-sites, --disasm): instructions per op, each function's",
    'part of the change, new deopts and allocation sites.',
  ],
  options: {
    noise: { type: 'string', value: '<pct>', help: ['noise band (default 1%; 0.2% with --metric instructions): smaller', 'changes are never called'] },
    metric: { type: 'string', value: '<m>', help: ['what changes are called on: time (default) or instructions (both', 'runs made with --instructions)'] },
    'fail-on-regression': { type: 'string', value: '<pct>', help: ['exit 1 when a benchmark is significantly slower by more than pct,', 'its whole CI beyond it (for CI)'] },
    explain: { type: 'boolean', help: ['why each change called happened, from the evidence both runs carry'] },
    json: { type: 'string', value: '<file>', help: ['write the rows for CI tools (- for stdout)'] },
    markdown: { type: 'string', value: '<file>', help: ['write the comparison as a Markdown table (- for stdout)'] },
    csv: { type: 'string', value: '<file>', help: ['write one CSV row per benchmark (- for stdout)'] },
    html: { type: 'string', value: '<file>', help: ['write the comparison as one self-contained page (with --explain, the', 'causes with their shares of the change); - for stdout'] },
    seed: { type: 'string', value: '<n>', help: [`seed of the bootstrap of the change's CI (default ${DEFAULT_COMPARE_SEED})`] },
    ...COLOR_FLAGS,
  },
  example: { command: 'ubench compare main feature --fail-on-regression 5%', does: 'the baselines saved as main and feature; exit 1 when a benchmark got slower by more than 5%' },
  docs: 'docs/comparing.md',
} as const satisfies CommandSpec;

export function parseCompareCommand(argv: readonly string[], cwd: string): CompareCommand {
  const { values, positionals } = parseOptions(argv, COMPARE_SPEC);
  if (positionals.length !== 2) throw new UsageError(`compare: expected two results files (base and new), got ${positionals.length}`);
  const metric = metricOption(values.metric);
  checkOneStdout('compare', { json: values.json, markdown: values.markdown, csv: values.csv, html: values.html });
  return {
    metric,
    command: 'compare',
    explain: values.explain === true,
    basePath: baselineFile(positionals[0]!, cwd, 'compare'),
    newPath: baselineFile(positionals[1]!, cwd, 'compare'),
    noise: values.noise === undefined ? defaultNoise(metric) : percent(values.noise, '--noise'),
    jsonPath: values.json === undefined ? null : outputTarget(values.json, cwd),
    markdownPath: values.markdown === undefined ? null : outputTarget(values.markdown, cwd),
    csvPath: values.csv === undefined ? null : outputTarget(values.csv, cwd),
    htmlPath: values.html === undefined ? null : outputTarget(values.html, cwd),
    seed: integer(values.seed, '--seed', DEFAULT_COMPARE_SEED),
    color: colorChoice(values),
    failOnRegression: values['fail-on-regression'] === undefined ? null : percent(values['fail-on-regression'], '--fail-on-regression'),
  };
}

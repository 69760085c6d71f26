/** The plain run's flags, usage and help (`ubench [options] [paths…]`): the options part of `ubench --help`. */
import { PASS_SWITCHES } from '../runner/passes/pass-registry.js';
import { EXPORT_FLAGS } from './export-files.js';
import { COLOR_FLAGS, type CommandSpec, type FlagSpec } from './flag-spec.js';
import { RUN_INPUT_OPTIONS } from './run-input.js';
import { WAIT_FOR_QUIET_FLAG } from './wait-for-quiet-option.js';
import { QUICK_PRECISION, QUICK_TIME, QUICK_WARMUP } from './measurement-options.js';

const R = RUN_INPUT_OPTIONS;

/** Every pass switch, from the registry (runner/passes/pass-registry.ts); typed as nothing, read by flag. */
const PASS_FLAGS = Object.fromEntries(PASS_SWITCHES.map((s) => [s.flag.slice(2), { type: 'boolean', help: s.help } satisfies FlagSpec])) as Record<never, never>;

/** In the order `ubench --help` lists them. */
export const RUN_OPTIONS = {
  filter: R.filter,
  json: R.json,
  quick: {
    type: 'boolean',
    help: [`time and bytes/op only, for an iteration loop: ${QUICK_TIME} a benchmark to ±${QUICK_PRECISION},`, `warm-up capped at ${QUICK_WARMUP}, no probes or figures after sampling but bytes/op`],
  },
  time: R.time,
  warmup: R.warmup,
  precision: R.precision,
  isolate: R.isolate,
  forks: R.forks,
  shard: R.shard,
  timeout: R.timeout,
  seed: R.seed,
  sequential: R.sequential,
  runtime: R.runtime,
  'node-flags': R['node-flags'],
  args: R.args,
  probe: R.probe,
  strict: { type: 'boolean', help: ['exit 1 when any diagnostic warns (for CI)'] },
  ...PASS_FLAGS,
  'profile-top': R['profile-top'],
  'profile-dir': R['profile-dir'],
  'save-baseline': { type: 'string', value: '<name>', help: ['also save the results as .ubench/baselines/<name>.json (to commit)'] },
  compare: { type: 'string', value: '<name|file>', help: ['after the run, compare it with a saved results file or baseline'] },
  explain: { type: 'boolean', help: ['with --compare: why each change called happened, from the evidence', 'both runs carry (see ubench compare --help)'] },
  noise: { type: 'string', value: '<pct>', help: ['noise band of the comparison (default 1%; 0.2% with --metric instructions)'] },
  metric: { type: 'string', value: '<m>', help: ['what the comparison calls changes on: time (default) or instructions', '(both runs made with --instructions)'] },
  'fail-on-regression': {
    type: 'string',
    value: '<pct>',
    help: ['exit 1 when a benchmark is significantly slower than the compared run', 'by more than pct, its whole CI beyond it (for CI)'],
  },
  ...EXPORT_FLAGS,
  html: {
    type: 'string',
    value: '<file>',
    help: ['also write the HTML report: one self-contained page with plots of', "every benchmark (and of the --compare comparison, with --explain's causes)"],
  },
  'no-history': R['no-history'],
  baseline: R.baseline,
  'wait-for-quiet': WAIT_FOR_QUIET_FLAG,
  quiet: {
    type: 'boolean',
    short: 'q',
    help: ['no progress (the status line, or off a terminal the line per finished', 'benchmark), no output from the benchmarks themselves'],
  },
  ...COLOR_FLAGS,
  version: { type: 'boolean', short: 'v', help: ["ubench's version"] },
} as const satisfies Record<string, FlagSpec>;

export const RUN_SPEC = {
  name: '',
  summary: 'measure the benchmarks of bench files',
  synopsis: 'ubench [options] [paths or globs…]',
  usage: ['ubench [options] [paths or globs…]'],
  about: [
    'Runs *.bench.{ts,mts,js,mjs} files (default: all under the current directory, skipping',
    'node_modules, dist and dot-folders), each in a fresh Node process, and reports ns/op with',
    '95% confidence intervals and relative speed.',
  ],
  options: RUN_OPTIONS,
  example: { command: "ubench bench/ --filter 'sort' --time 300ms --json results.json", does: 'the sort benchmarks under bench/, 300 ms each, kept in results.json' },
  docs: 'docs/running.md',
} as const satisfies CommandSpec;

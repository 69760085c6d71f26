/** `ubench probe [--quick] [--only ids] [--json file] [options]`: arguments, checked. */
import path from 'node:path';
import type { RunOptions } from '../runner/run-options.js';
import { PROBE_EXPERIMENTS } from '../probe/probe-experiments.js';
import { measurementOptions } from './measurement-options.js';
import { colorChoice, parseOptions } from './option-values.js';
import { plainRunOptions } from './plain-run-options.js';
import { UsageError } from '../runner/usage-error.js';
import { COLOR_FLAGS, type CommandSpec } from './flag-spec.js';
import { MEASUREMENT_FLAGS } from './measurement-options.js';
import { WAIT_FOR_QUIET_FLAG, waitForQuietNs } from './wait-for-quiet-option.js';

/**
 * Per-benchmark budgets of `ubench probe --quick` (a run's own `--quick` defaults are in
 * measurement-options.ts): 45 benchmarks × (≤ 0.2 s + ≤ 0.2 s) plus buffer building stays under a
 * minute; the experiments' effects (×1.5 knees, ×5 branch costs) dwarf the ±2–5% CIs these give.
 */
export const PROBE_QUICK_TIME = '200ms';
export const PROBE_QUICK_WARMUP = '200ms';
/**
 * Full probe budgets: 62 benchmarks × (1 s + ≤ 0.5 s) plus about a minute of buffer building is a
 * few minutes; the loops are plain typed-array code that reaches its top tier within milliseconds,
 * so the run's 2 s warm-up cap would only add waiting.
 */
export const PROBE_FULL_TIME = '1s';
export const PROBE_FULL_WARMUP = '500ms';

export interface ProbeCommand {
  command: 'probe';
  quick: boolean;
  /** Experiment ids in run order. */
  only: string[];
  jsonPath: string | null;
  color: boolean | null;
  run: RunOptions;
  /** No progress line and no output from the benchmarks. */
  quiet: boolean;
  /** Wait up to this long for a quiet host first (`--wait-for-quiet`), or null. */
  waitForQuietNs: number | null;
}

function selectExperiments(text: string | undefined): string[] {
  const all = PROBE_EXPERIMENTS.map((e) => e.id);
  if (text === undefined) return all;
  const wanted = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const unknown = wanted.filter((id) => !all.includes(id));
  if (unknown.length > 0 || wanted.length === 0) throw new UsageError(`--only: unknown experiment "${unknown[0] ?? text}" (expected a comma-separated list of ${all.join(', ')})`);
  return all.filter((id) => wanted.includes(id));
}

/** `ubench probe`'s flags, usage and help. */
export const PROBE_SPEC = {
  name: 'probe',
  summary: 'measure the machine: cache lines and sizes, bandwidth, memory parallelism, branches',
  synopsis: 'ubench probe [--quick] [--only <ids>] [--json <file>] [options]',
  usage: ['ubench probe [--quick] [--only <ids>] [--json <file>] [measurement options]'],
  about: [
    "Measures the machine with the experiments in the package's probe/ folder (cache-line, cache-size,",
    'bandwidth, memory-parallelism, branch-prediction, data-dependency) and prints each curve with its',
    'CIs, an ASCII chart and the inferred values beside what sysfs and getconf report. --quick uses',
    'smaller sizes (under a minute); the full probe takes a few minutes and up to 512 MiB per buffer.',
  ],
  options: {
    quick: { type: 'boolean', help: [`smaller sizes and budgets (${PROBE_QUICK_TIME} per benchmark): under a minute`] },
    only: { type: 'string', value: '<ids>', help: [`only these experiments, comma-separated (${PROBE_EXPERIMENTS.map((e) => e.id).join(', ')})`] },
    json: { type: 'string', value: '<file>', help: ['write the probe document (ubench report --html renders it; a run', 'takes it with --probe)'] },
    time: { ...MEASUREMENT_FLAGS.time, help: [`budget per benchmark (default ${PROBE_FULL_TIME}; ${PROBE_QUICK_TIME} with --quick)`] },
    warmup: { ...MEASUREMENT_FLAGS.warmup, help: [`warm-up cap per benchmark (default ${PROBE_FULL_WARMUP}; ${PROBE_QUICK_WARMUP} with --quick)`] },
    // --quick's ±2% CI is five times finer than the smallest effect the analyses look for (a second
    // miss's ≥ 10% in the pair chase; climbs are ≥ 25% per doubling).
    precision: MEASUREMENT_FLAGS.precision,
    timeout: MEASUREMENT_FLAGS.timeout,
    seed: MEASUREMENT_FLAGS.seed,
    'wait-for-quiet': WAIT_FOR_QUIET_FLAG,
    quiet: { type: 'boolean', short: 'q', help: ['no progress'] },
    ...COLOR_FLAGS,
  },
  example: { command: 'ubench probe --quick --only cache-size,cache-line', does: "this machine's cache sizes and line, in under a minute" },
  docs: 'docs/probe.md',
} as const satisfies CommandSpec;

export function parseProbeCommand(argv: readonly string[], cwd: string): ProbeCommand {
  const { values, positionals } = parseOptions(argv, PROBE_SPEC);
  if (positionals.length > 0) throw new UsageError(`probe: unexpected argument "${positionals[0]}" (the experiments are built in; pick some with --only)`);
  const quick = values.quick === true;
  const measurement = measurementOptions({
    ...values,
    time: values.time ?? (quick ? PROBE_QUICK_TIME : PROBE_FULL_TIME),
    warmup: values.warmup ?? (quick ? PROBE_QUICK_WARMUP : PROBE_FULL_WARMUP),
  });
  return {
    command: 'probe',
    quick,
    only: selectExperiments(values.only),
    jsonPath: values.json === undefined ? null : path.resolve(cwd, values.json),
    color: colorChoice(values),
    quiet: values.quiet === true,
    waitForQuietNs: waitForQuietNs(values['wait-for-quiet']),
    run: plainRunOptions(cwd, measurement),
  };
}

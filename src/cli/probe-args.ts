/** `ubench probe [--quick] [--only ids] [--json file] [options]`: arguments, checked. */
import path from 'node:path';
import type { RunOptions } from '../runner/run-options.js';
import { PROBE_EXPERIMENTS } from '../probe/probe-experiments.js';
import { measurementOptions } from './measurement-options.js';
import { colorChoice, parseOptions } from './option-values.js';
import { plainRunOptions } from './plain-run-options.js';
import { UsageError } from '../runner/usage-error.js';

/**
 * Per-benchmark budgets of `--quick`: 45 benchmarks × (≤ 0.2 s + ≤ 0.2 s) plus buffer building stays
 * under the issue's one minute; the experiments' effects (×1.5 knees, ×5 branch costs) dwarf the
 * ±2–5% CIs these budgets give.
 */
export const QUICK_TIME = '200ms';
export const QUICK_WARMUP = '200ms';
/**
 * Precision target of `--quick`: a ±2% CI is five times finer than the smallest effect the analyses
 * look for (a second miss's ≥ 10% in the pair chase; climbs are ≥ 25% per doubling), and a benchmark
 * that reaches it leaves the rounds early instead of using all of QUICK_TIME.
 */
export const QUICK_PRECISION = '2%';
/**
 * Full probe budgets: 62 benchmarks × (1 s + ≤ 0.5 s) plus about a minute of buffer building is a
 * few minutes; the loops are plain typed-array code that reaches its top tier within milliseconds,
 * so the run's 2 s warm-up cap would only add waiting.
 */
export const FULL_TIME = '1s';
export const FULL_WARMUP = '500ms';

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

export function parseProbeCommand(argv: readonly string[], cwd: string): ProbeCommand {
  const { values, positionals } = parseOptions(argv, {
    quick: { type: 'boolean' },
    only: { type: 'string' },
    json: { type: 'string' },
    time: { type: 'string' },
    warmup: { type: 'string' },
    precision: { type: 'string' },
    timeout: { type: 'string' },
    seed: { type: 'string' },
    quiet: { type: 'boolean', short: 'q' },
    color: { type: 'boolean' },
    'no-color': { type: 'boolean' },
  });
  if (positionals.length > 0) throw new UsageError(`probe: unexpected argument "${positionals[0]}" (the experiments are built in; pick some with --only)`);
  const quick = values.quick === true;
  const measurement = measurementOptions({
    ...values,
    time: values.time ?? (quick ? QUICK_TIME : FULL_TIME),
    warmup: values.warmup ?? (quick ? QUICK_WARMUP : FULL_WARMUP),
    precision: values.precision ?? (quick ? QUICK_PRECISION : undefined),
  });
  return {
    command: 'probe',
    quick,
    only: selectExperiments(values.only),
    jsonPath: values.json === undefined ? null : path.resolve(cwd, values.json),
    color: colorChoice(values),
    quiet: values.quiet === true,
    run: plainRunOptions(cwd, measurement),
  };
}

/** Values of command-line options, checked: a bad one is a one-line usage error naming the flag. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import pc from 'picocolors';
import { baselinePath } from '../results/baseline-path.js';
import { UsageError } from '../runner/usage-error.js';

export function positiveInteger(text: string, flag: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`${flag}: expected a positive integer, got "${text}"`);
  return Number(text);
}

export function percent(text: string, flag: string): number {
  const match = /^(\d+(?:\.\d+)?)%?$/.exec(text.trim());
  const value = match === null ? NaN : Number(match[1]) / 100;
  if (!(value > 0 && value < 1)) throw new UsageError(`${flag}: expected a percentage between 0 and 100, e.g. 1%, got "${text}"`);
  return value;
}

/** A results file named by path or by baseline name (`.ubench/baselines/<name>.json`). */
export function baselineFile(value: string, cwd: string, flag: string): string {
  const file = baselinePath(value, cwd);
  if (file === null) throw new UsageError(`${flag}: "${value}" is neither a results file path nor a baseline name (letters, digits, ".", "_", "-")`);
  return file;
}

/** parseArgs with positionals, strict: an unknown flag or a missing value is a one-line usage error. */
type Parsed<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; strict: true; options: O }>>;
type Options = NonNullable<ParseArgsConfig['options']>;

/** Options whose value itself starts with a dash (`--node-flags "--stack-size=2000"`): parseArgs takes that for a missing value unless joined with `=`. */
const DASH_VALUED = new Set(['--node-flags']);

/** `--node-flags <value>` as `--node-flags=<value>` (see DASH_VALUED); everything after `--` is left alone. */
function joinDashValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return [...out, ...argv.slice(i)];
    if (DASH_VALUED.has(arg) && i + 1 < argv.length) out.push(`${arg}=${argv[++i]!}`);
    else out.push(arg);
  }
  return out;
}

export function parseOptions<const O extends Options>(argv: readonly string[], options: O): Parsed<O> {
  try {
    return parseArgs({ args: joinDashValues(argv), allowPositionals: true, strict: true, options });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('\n')[0]} (see ubench --help)`);
  }
}

/** An integer option (e.g. `--seed`), or the default when absent. */
export function integer(text: string | undefined, flag: string, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new UsageError(`${flag}: expected an integer, got "${text}"`);
  return value;
}

/** A regular expression given on the command line; a bad one is a usage error starting with `what`. */
export function regexOption(text: string, what: string): RegExp {
  try {
    return new RegExp(text);
  } catch (error) {
    throw new UsageError(`${what}: ${(error as Error).message}`);
  }
}

/** `--color` / `--no-color`, or null to decide from the terminal. */
export function colorChoice(values: { color?: boolean; 'no-color'?: boolean }): boolean | null {
  return values['no-color'] ? false : values.color ? true : null;
}

/** Whether to colour: as chosen, else when the output is a terminal that supports colour (and NO_COLOR is unset). */
export function useColor(choice: boolean | null, stdout: { isTTY?: boolean }): boolean {
  return choice ?? (pc.isColorSupported && stdout.isTTY === true);
}

/** Values of command-line options, checked: a bad one is a one-line usage error naming the flag. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import pc from 'picocolors';
import { baselinePath } from '../results/files/baseline-path.js';
import { UsageError } from '../runner/usage-error.js';
import { didYouMean } from './did-you-mean.js';
import { flagSpellings, type CommandSpec, type FlagSpecs } from './flag-spec.js';

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

/** Whether the arguments ask for help (`--help` or `-h` before any `--`, not as the value of a dash-valued option). */
export function asksForHelp(argv: readonly string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return false;
    if (DASH_VALUED.has(arg)) i++;
    else if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}

/** A flag the command does not know; the CLI may say which other command has it (`withOwners`). */
export class UnknownFlagError extends UsageError {
  constructor(
    /** `compare: unknown option --tme`, up to where the owners would go. */
    private readonly head: string,
    /** ` did you mean --time?`, or ''. */
    private readonly suggestion: string,
    private readonly hint: string,
    /** As typed, without a value (`--tme`). */
    readonly flag: string,
  ) {
    super(`${head}:${suggestion || ' not an option of this command'} ${hint}`);
  }

  /** Whether a flag of this command was suggested. */
  get suggested(): boolean {
    return this.suggestion !== '';
  }

  /** The message naming the commands that have the flag (`ubench ab`), when nothing here was near. */
  withOwners(owners: readonly string[]): string {
    if (this.suggested || owners.length === 0) return this.message;
    return `${this.head}: not an option of this command, but of ${owners.join(' and ')} ${this.hint}`;
  }
}

/** `(usage: ubench compare <base> <new> [options]; ubench compare --help lists the options)`. */
export function usageHint(spec: Pick<CommandSpec, 'name' | 'synopsis'>): string {
  return `(usage: ${spec.synopsis}; ubench ${spec.name === '' ? '' : `${spec.name} `}--help lists the options)`;
}

/** parseArgs's error as one line of ubench's: the flag, what is wrong, the nearest known flag, the usage. */
function usageErrorOf(error: Error & { code?: string }, spec: CommandSpec): UsageError {
  const prefix = spec.name === '' ? '' : `${spec.name}: `;
  const first = error.message.split('\n')[0] ?? '';
  const unknown = /^Unknown option '([^']+)'/.exec(first);
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown !== null) {
    const flag = unknown[1]!.split('=')[0]!;
    return new UnknownFlagError(`${prefix}unknown option ${flag}`, didYouMean(flag, flagSpellings(spec.options)), usageHint(spec), flag);
  }
  const missing = /^Option '(?:-\w, )?(--[\w-]+) <value>' argument missing/.exec(first);
  if (missing !== null) {
    const value = spec.options[missing[1]!.slice(2)]?.value ?? '<value>';
    return new UsageError(`${prefix}${missing[1]} needs a value ${value} ${usageHint(spec)}`);
  }
  const noValue = /^Option '(?:-\w, )?(--[\w-]+)' does not take an argument/.exec(first);
  if (noValue !== null) return new UsageError(`${prefix}${noValue[1]} is a switch and takes no value ${usageHint(spec)}`);
  const ambiguous = /^Option '(?:-\w, )?(--[\w-]+)' argument is ambiguous/.exec(first);
  if (ambiguous !== null) return new UsageError(`${prefix}${ambiguous[1]} is followed by a flag, not its value (a value starting with a dash is written ${ambiguous[1]}=-…) ${usageHint(spec)}`);
  return new UsageError(`${prefix}${first} ${usageHint(spec)}`);
}

/** The command's arguments, parsed against its spec: every mistake is a one-line usage error. */
export function parseOptions<const O extends FlagSpecs>(argv: readonly string[], spec: CommandSpec<O>): Parsed<O> {
  try {
    return parseArgs({ args: joinDashValues(argv), allowPositionals: true, strict: true, options: spec.options as O & Options });
  } catch (error) {
    throw usageErrorOf(error as Error, spec as unknown as CommandSpec);
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

/**
 * What a command accepts, as data: each flag with its parser settings and its help lines, and each
 * command with its usage, what it does and an example. The parser (option-values.ts `parseOptions`),
 * the command's `--help` (command-help.ts), the overview (`ubench --help`) and the "did you mean"
 * of a mistyped flag all read the same spec, so a flag cannot be accepted without being documented.
 */

/** One flag: `parseArgs`'s settings for it, and how `--help` shows it. */
export interface FlagSpec {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** The value's placeholder in help, e.g. `<file>` (string flags). */
  value?: string;
  /** Its help lines; the first is printed beside the flag. */
  help: readonly string[];
}

/** Flags by long name (without the dashes), as `parseArgs` takes them. */
export type FlagSpecs = Readonly<Record<string, FlagSpec>>;

/** One example of a command: the command line and what it does. */
export interface CommandExample {
  command: string;
  does: string;
}

export interface CommandSpec<O extends FlagSpecs = FlagSpecs> {
  /** The word after `ubench` (`compare`); `''` for the plain run. */
  name: string;
  /** What it does, in one line (the overview's list of commands). */
  summary: string;
  /** One line for error messages: `ubench compare <base> <new> [options]`. */
  synopsis: string;
  /** The detailed usage lines after `ubench ` (continuation lines start with spaces). */
  usage: readonly string[];
  /** What the command does, a paragraph or more (lines as printed). */
  about: readonly string[];
  options: O;
  example: CommandExample;
  /** The manual's page, for more. */
  docs: string;
}

/** `-h, --help`, accepted by every command (args.ts answers it before the command's parser runs). */
export const HELP_FLAG = { type: 'boolean', short: 'h', help: ['this help'] } as const satisfies FlagSpec;

/** `--color` / `--no-color`, of every command that prints a table. */
export const COLOR_FLAGS = {
  color: { type: 'boolean', help: ['colour even when the output is not a terminal'] },
  'no-color': { type: 'boolean', help: ['plain text (also NO_COLOR=1)'] },
} as const satisfies FlagSpecs;

/** Every spelling a command accepts: `--name` for each flag, `-x` for each short one, and `--help`/`-h`. */
export function flagSpellings(options: FlagSpecs): string[] {
  const long = Object.keys(options).map((name) => `--${name}`);
  const short = Object.values(options).flatMap((f) => (f.short === undefined ? [] : [`-${f.short}`]));
  return [...new Set([...long, ...short, '--help', '-h'])];
}

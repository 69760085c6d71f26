/**
 * The help texts, rendered from the commands' specs (flag-spec.ts): `ubench <command> --help` (a
 * command's usage, what it does, every option and an example) and `ubench --help` (every command's
 * usage, the plain run's options, the list of commands).
 */
import { HELP_FLAG, type CommandSpec, type FlagSpec, type FlagSpecs } from './flag-spec.js';

/** Width of the flag column: the option's lines start here. */
const FLAG_COLUMN = 24;
const INDENT = '  ';
/** The usage lines after the first start under its "ubench". */
const USAGE_INDENT = '       ';

function flagLabel(name: string, flag: FlagSpec): string {
  return `${flag.short === undefined ? '' : `-${flag.short}, `}--${name}${flag.value === undefined ? '' : ` ${flag.value}`}`;
}

/** One flag's lines: the label, then its help from the flag column on (a long label gets a line of its own). */
function flagLines(label: string, help: readonly string[]): string[] {
  const pad = ' '.repeat(INDENT.length + FLAG_COLUMN);
  const [first = '', ...rest] = help;
  const head = label.length < FLAG_COLUMN ? [`${INDENT}${label.padEnd(FLAG_COLUMN)}${first}`] : [`${INDENT}${label}`, `${pad}${first}`];
  return [...head, ...rest.map((line) => `${pad}${line}`)];
}

/** The options section: every flag of the spec, then `-h, --help`. */
export function renderOptions(options: FlagSpecs, helpLine: readonly string[] = HELP_FLAG.help): string {
  const lines = Object.entries(options).flatMap(([name, flag]) => flagLines(flagLabel(name, flag), flag.help));
  return [...lines, ...flagLines('-h, --help', helpLine)].join('\n');
}

function usageLines(spec: CommandSpec, first: boolean): string[] {
  return spec.usage.map((line, i) => `${first && i === 0 ? 'Usage: ' : USAGE_INDENT}${line}`);
}

/** `ubench <command> --help`. */
export function renderCommandHelp(spec: CommandSpec): string {
  return `${usageLines(spec, true).join('\n')}

${spec.about.join('\n')}

Options:
${renderOptions(spec.options)}

Example:
${INDENT}${spec.example.command}
${INDENT}${INDENT}${spec.example.does}

More: ${spec.docs}
`;
}

/** What the overview says of the host, CI summaries and exit codes, after the commands. */
const OVERVIEW_TAIL = `Host: the file's benchmarks are warmed up in turn, then sampled in randomized interleaved
rounds with the loop floor and a host-speed reference, so a step in the machine's speed lands
on all of them and cancels in relative results (--sequential: one benchmark after another).
A statistical finding the host's movement explains is reported as host-moved, not blamed on
the benchmark. ubench calibration shows this machine's usual host speed (kept in the user's
cache folder, or $UBENCH_CACHE_DIR), which each run is compared with; a run that starts on a
host ubench doctor would call unfit says so in one line first, and --wait-for-quiet waits.

With $GITHUB_STEP_SUMMARY set (GitHub Actions), a run, compare and ab append their Markdown
to the job summary.

Exit codes: 0 all benchmarks ran, 1 a benchmark or file failed (or, with --strict, a
diagnostic warned, or --fail-on-regression found a regression; for ubench doctor, the host
is unfit), 2 usage error, 130 interrupted.
`;

/** `ubench --help`: every command's usage, the plain run's options, and the commands. */
export function renderOverview(run: CommandSpec, commands: readonly CommandSpec[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return `${[...usageLines(run, true), ...commands.flatMap((c) => usageLines(c, false))].join('\n')}

${run.about.join('\n')}

Options:
${renderOptions(run.options, ['this help (ubench <command> --help, or ubench help <command>: a', "command's own)"])}

Commands:
${commands.map((c) => `${INDENT}${c.name.padEnd(width + 2)}${c.summary}`).join('\n')}

${OVERVIEW_TAIL}`;
}

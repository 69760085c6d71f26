/**
 * The command-line program as a function: arguments and streams in, exit code out. The bin entry
 * calls it with the real process; tests call it with a scripted executor. A command (the first
 * argument) runs through the command table; anything else is a run of bench files.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ResultsFileError } from '../results/files/read-results.js';
import { ResultsWriteError } from '../results/files/write-results.js';
import { ubenchVersion } from '../results/ubench-version.js';
import { visibleText } from '../results/text/visible-text.js';
import { UsageError } from '../runner/usage-error.js';
import type { CliIo } from './cli-io.js';
import { COMMAND_NAMES, type CommandName } from './command-names.js';
import { COMMANDS, HELP, helpText } from './command-table.js';
import { nearest } from './did-you-mean.js';
import { EXIT_FAILURES, EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import { asksForHelp, UnknownFlagError, usageHint } from './option-values.js';
import { parseRunCommand, runRunCommand } from './run-command.js';

export type { CliIo } from './cli-io.js';
export { EXIT_FAILURES, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE } from './exit-codes.js';

const isCommand = (word: string | undefined): word is CommandName => (COMMAND_NAMES as readonly string[]).includes(word ?? '');

/**
 * A first argument that is neither a command nor a flag nor an existing path, but near a command's
 * name (`comapre`): a usage error with the command it may mean, rather than "no such file".
 */
function checkMistypedCommand(first: string | undefined, cwd: string): void {
  if (first === undefined || first.startsWith('-') || /[/\\.*?[]/.test(first) || existsSync(path.resolve(cwd, first))) return;
  const near = nearest(first, COMMAND_NAMES);
  if (near.length === 0) return;
  const spec = COMMANDS[near[0] as CommandName].spec;
  throw new UsageError(`unknown command "${first}": did you mean ${near.join(' or ')}? ${usageHint(spec)}`);
}

/** The commands that have the flag a command did not know (`--pairs`: ubench ab). */
function owners(error: UnknownFlagError): string[] {
  const flag = error.flag.replace(/^-+/, '');
  return COMMAND_NAMES.filter((name) => Object.hasOwn(COMMANDS[name].spec.options, flag)).map((name) => `ubench ${name}`);
}

async function dispatch(argv: readonly string[], io: CliIo, env: NodeJS.ProcessEnv): Promise<number> {
  const [first, ...rest] = argv;
  if (isCommand(first)) {
    if (asksForHelp(rest)) {
      io.stdout.write(helpText(first));
      return EXIT_OK;
    }
    return COMMANDS[first].invoke(rest, io, env);
  }
  if (asksForHelp(argv)) {
    io.stdout.write(HELP);
    return EXIT_OK;
  }
  checkMistypedCommand(first, io.cwd);
  const parsed = parseRunCommand(argv, io.cwd, env);
  if (parsed.command === 'version') {
    io.stdout.write(`${ubenchVersion()}\n`);
    return EXIT_OK;
  }
  return await runRunCommand(parsed, io);
}

export async function cli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await dispatch(argv, io, io.env ?? process.env);
  } catch (error) {
    if (error instanceof UnknownFlagError) {
      io.stderr.write(`ubench: ${visibleText(error.withOwners(owners(error)))}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof UsageError || error instanceof ResultsFileError) {
      io.stderr.write(`ubench: ${visibleText(error.message)}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof ResultsWriteError) {
      io.stderr.write(`ubench: ${visibleText(error.message)}\n`);
      return EXIT_FAILURES;
    }
    if (process.env['UBENCH_DEBUG'] !== undefined) io.stderr.write(`${(error as Error).stack}\n`);
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`ubench: internal error: ${visibleText(message.split('\n')[0] ?? '')}\n`);
    return EXIT_FAILURES;
  }
}

/** `ubench help [<command>]`: a command's help, or the overview. */
import { UsageError } from '../runner/usage-error.js';
import { didYouMean } from './did-you-mean.js';
import type { CommandSpec } from './flag-spec.js';
import { parseOptions } from './option-values.js';

export const HELP_SPEC = {
  name: 'help',
  summary: "a command's usage, options and an example (the same as ubench <command> --help)",
  synopsis: 'ubench help [<command>]',
  usage: ['ubench help [<command>]'],
  about: ["Prints a command's usage, what it does, every option and an example; without a command, the", 'overview (ubench --help).'],
  options: {},
  example: { command: 'ubench help ab', does: "ubench ab's usage, options and an example" },
  docs: 'docs/running.md',
} as const satisfies CommandSpec;

export interface HelpCommand {
  command: 'help';
  /** The command asked about, or null for the overview. */
  topic: string | null;
}

/** `topics`: the commands there is help for (`run` names the plain run's options). */
export function parseHelpCommand(argv: readonly string[], topics: readonly string[]): HelpCommand {
  const { positionals } = parseOptions(argv, HELP_SPEC);
  if (positionals.length > 1) throw new UsageError(`help: expected one command, got ${positionals.length} (usage: ${HELP_SPEC.synopsis})`);
  const topic = positionals[0] ?? null;
  if (topic !== null && !topics.includes(topic)) {
    throw new UsageError(`help: no command "${topic}":${didYouMean(topic, topics) || ` the commands are ${topics.join(', ')}`}`);
  }
  return { command: 'help', topic };
}

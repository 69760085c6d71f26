/** `run()` takes every option of a run the CLI has: each flag of `ubench --help`'s options is an API option or has its API elsewhere. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RUN_API_OUTPUT_FLAGS } from '../../src/api.js';
import { HELP } from '../../src/cli/command-table.js';
import { RUN_INPUT_FLAGS } from '../../src/cli/run-input.js';
import { PASS_SWITCHES } from '../../src/runner/passes/pass-registry.js';

/** Flags of the terminal, and where the API has what they do. */
const TERMINAL_ONLY: Record<string, string> = {
  '--quiet': 'onProgress / onOutput',
  '--strict': 'the diagnostics of the results',
  '--compare': 'compare()',
  '--noise': 'compare() { noise }',
  '--metric': 'compare() on instruction counts is the CLI only',
  '--fail-on-regression': 'slowerThan()',
  '--explain': 'explain()',
  '--no-color': 'no colour in an API',
  '--color': 'no colour in an API',
  '--wait-for-quiet': "the host check before measuring is the CLI's (ubench doctor)",
  '--help': 'none needed',
  '--version': 'none needed',
};

function runFlags(): string[] {
  const options = HELP.slice(HELP.indexOf('Options:'), HELP.indexOf('\nCommands:'));
  return [...options.matchAll(/^ {2}(?:-\w, )?(--[a-z-]+)/gm)].map((m) => m[1]!);
}

describe('run() options', () => {
  it('finds the options section of --help', () => assert.ok(runFlags().length > 30));

  it('covers every run flag of the CLI', () => {
    const api = new Set<string>([...Object.values(RUN_INPUT_FLAGS).filter((f): f is NonNullable<typeof f> => f !== null), ...PASS_SWITCHES.map((s) => s.flag), ...Object.values(RUN_API_OUTPUT_FLAGS)]);
    const missing = runFlags().filter((flag) => !api.has(flag) && !Object.hasOwn(TERMINAL_ONLY, flag));
    assert.deepEqual(missing, []);
  });
});

/**
 * Every command in the CLI's own table (src/cli/command-table.ts) answers `--help`, `-h` and
 * `ubench help <command>` with its usage, what it does, every option it accepts and an example; a
 * typo of its most used flag gets "did you mean …?" with its usage line (exit 2, one line); a
 * mistyped command gets the command it may mean.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { COMMAND_NAMES, type CommandName } from '../../src/cli/command-names.js';
import { COMMANDS, HELP } from '../../src/cli/command-table.js';
import type { CommandSpec } from '../../src/cli/flag-spec.js';
import { RUN_SPEC } from '../../src/cli/run-spec.js';
import { runInProcess } from '../helpers/in-process-cli.js';
import { REPO_ROOT } from '../helpers/e2e-cli.js';

const cwd = REPO_ROOT;

/**
 * Each command's most used flag, mistyped: [the typo, the flag meant, arguments around it]. Typed by
 * the table's names, so a new command cannot be added without its line here.
 */
const TYPOS: Record<CommandName | 'run', [string, string, string[]]> = {
  run: ['--tme', '--time', ['1s', 'examples/']],
  compare: ['--fail-on-regresion', '--fail-on-regression', ['5%', 'a.json', 'b.json']],
  history: ['--lst', '--last', ['5']],
  ab: ['--pars', '--pairs', ['4', 'a.bench.ts', 'b.bench.ts']],
  bisect: ['--thresold', '--threshold', ['5%', 'HEAD~3', 'HEAD']],
  export: ['--markdwn', '--markdown', ['-', 'results.json']],
  probe: ['--quik', '--quick', []],
  report: ['--htm', '--html', ['out.html', 'results.json']],
  merge: ['--jsno', '--json', ['all.json', 'a.json']],
  calibration: ['--rest', '--reset', []],
  doctor: ['--josn', '--json', ['-']],
  help: ['comapre', 'compare', []],
};

const specs: [string, CommandSpec][] = [['run', RUN_SPEC], ...COMMAND_NAMES.map((name): [string, CommandSpec] => [name, COMMANDS[name].spec])];

/** Asserts a command's help: usage line first, what it does, every option, the example, the docs page. */
function assertHelp(text: string, spec: CommandSpec, what: string): void {
  assert.ok(text.startsWith(`Usage: ${spec.usage[0]}`), `${what} starts with the usage:\n${text.slice(0, 200)}`);
  assert.ok(text.includes(spec.about[0]!), `${what} says what the command does`);
  assert.match(text, /\nOptions:\n/);
  for (const flag of Object.keys(spec.options)) assert.match(text, new RegExp(`^ {2}(-\\w, )?--${flag}\\b`, 'm'), `${what} lists --${flag}`);
  assert.match(text, /^ {2}-h, --help/m);
  assert.ok(text.includes(`Example:\n  ${spec.example.command}\n`), `${what} has its example`);
}

describe('help of every command', () => {
  it('the table has every command name, each spec named for it', () => {
    assert.deepEqual(Object.keys(COMMANDS).sort(), [...COMMAND_NAMES].sort());
    for (const name of COMMAND_NAMES) assert.equal(COMMANDS[name].spec.name, name);
  });

  for (const [name, spec] of specs) {
    describe(name, () => {
      it('has a usage, what it does, an example of itself, help for every option and a docs page', () => {
        assert.ok(spec.usage.length > 0 && spec.about.length > 0 && spec.summary.length > 10);
        assert.ok(spec.example.command.startsWith(name === 'run' ? 'ubench ' : `ubench ${name}`), spec.example.command);
        assert.ok(spec.example.does.length > 10);
        for (const [flag, f] of Object.entries(spec.options)) assert.ok(f.help.length > 0 && f.help[0]!.length > 3, `--${flag} has help`);
        assert.ok(existsSync(path.join(REPO_ROOT, spec.docs)), `${spec.docs} exists`);
      });

      const asks =
        name === 'run'
          ? [['--help'], ['-h'], ['help', 'run']]
          : name === 'help'
            ? [
                ['help', '--help'],
                ['help', 'help'],
              ]
            : [
                [name, '--help'],
                [name, '-h'],
                ['help', name],
              ];
      for (const args of asks) {
        it(`ubench ${args.join(' ')} prints its help, exit 0`, async () => {
          const run = await runInProcess(args, { cwd, env: {} });
          assert.equal(run.code, 0, run.err);
          assert.equal(run.err, '');
          if (name === 'run' && args[0] !== 'help') assert.equal(run.out, HELP);
          else assertHelp(run.out, spec, `ubench ${args.join(' ')}`);
        });
      }

      const [typo, meant, around] = TYPOS[name as CommandName | 'run'];
      it(`a typo of ${meant} (${typo}) gets "did you mean ${meant}?" and the usage line, exit 2`, async () => {
        const args = name === 'run' ? [typo, ...around] : [name, typo, ...around];
        const run = await runInProcess(args, { cwd, env: {} });
        assert.equal(run.code, 2, run.err);
        assert.equal(run.out, '');
        const lines = run.err.trimEnd().split('\n');
        assert.equal(lines.length, 1, run.err);
        assert.ok(lines[0]!.startsWith('ubench: '), run.err);
        assert.ok(lines[0]!.includes(`did you mean ${meant}?`), run.err);
        if (name !== 'help') assert.ok(lines[0]!.includes(`usage: ${spec.synopsis}`), run.err);
      });
    });
  }

  it('the overview lists every command with its usage and summary', () => {
    for (const name of COMMAND_NAMES) {
      const spec = COMMANDS[name].spec;
      assert.ok(HELP.includes(`       ${spec.usage[0]}`), `usage of ${name}`);
      assert.match(HELP, new RegExp(`^ {2}${name} +${spec.summary.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'));
    }
  });

  it('--help after other arguments, even wrong ones, still prints the help', async () => {
    const run = await runInProcess(['compare', 'only-one.json', '--noise', 'x', '--help'], { cwd, env: {} });
    assert.equal(run.code, 0, run.err);
    assert.ok(run.out.startsWith('Usage: ubench compare'));
  });

  it('--help as the value of --node-flags is a flag of the benchmarks, not a request for help', async () => {
    const run = await runInProcess(['--node-flags', '--help', '--tme', '1s'], { cwd, env: {} });
    assert.equal(run.code, 2);
    assert.match(run.err, /did you mean --time\?/);
  });
});

describe('mistyped commands and flags of other commands', () => {
  it('a mistyped command gets the command it may mean', async () => {
    const run = await runInProcess(['comapre', 'a.json', 'b.json'], { cwd, env: {} });
    assert.equal(run.code, 2);
    assert.match(run.err, /^ubench: unknown command "comapre": did you mean compare\? \(usage: ubench compare <base> <new> \[options\]/);
    const doctor = await runInProcess(['doctr'], { cwd, env: {} });
    assert.match(doctor.err, /did you mean doctor\?/);
  });

  it('a path that does not exist and is near no command is still a missing path', async () => {
    const run = await runInProcess(['no-such-folder-at-all'], { cwd, env: {} });
    assert.equal(run.code, 2);
    assert.doesNotMatch(run.err, /did you mean/);
  });

  it('a flag of another command says whose it is', async () => {
    const run = await runInProcess(['compare', '--pairs', '3', 'a.json', 'b.json'], { cwd, env: {} });
    assert.equal(run.code, 2);
    assert.match(run.err, /^ubench: compare: unknown option --pairs: not an option of this command, but of ubench ab and ubench bisect \(usage: /);
  });

  it('a flag near nothing says so, with the usage line', async () => {
    const run = await runInProcess(['history', '--banana'], { cwd, env: {} });
    assert.equal(run.code, 2);
    assert.match(run.err, /^ubench: history: unknown option --banana: not an option of this command \(usage: ubench history \[filter\] \[options\]; ubench history --help lists the options\)\n$/);
  });
});

/**
 * End-to-end: usage errors end with exit code 2 and exactly one `ubench: …` line on stderr (no
 * stack trace, nothing on stdout); --help and --version. The usage errors run the CLI in this
 * process (each is one line before or at the start of a run; a process apiece cost 12 s), --help
 * and --version the bin.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { describeRun, FAST, linesOf, makeTempDir, REPO_ROOT, runCli, STACK_LINE, TEST_CACHE_DIR } from '../helpers/e2e-cli.js';
import { runInProcess } from '../helpers/in-process-cli.js';

const OK_DIR = 'test/fixtures/bench/ok';
const empty = makeTempDir();
after(() => empty.cleanup());

/** [what, arguments, what the one line must mention] */
const USAGE_ERRORS: [string, string[], RegExp][] = [
  ['an unknown flag', ['--nope', OK_DIR], /--nope/],
  ['a bad duration', [OK_DIR, '--time', 'fast'], /--time.*fast/],
  ['a zero duration', [OK_DIR, '--time', '0s'], /--time/],
  ['zero forks', [OK_DIR, '--forks', '0'], /--forks/],
  ['--fail-on-regression without --compare', [OK_DIR, '--fail-on-regression', '5%'], /--fail-on-regression needs --compare/],
  ['a command after an option', ['--no-color', 'compare', 'a.json', 'b.json'], /"compare" is a command: write it first/],
  ['a --compare file that does not exist', [OK_DIR, ...FAST, '--compare', 'no-such-results.json'], /no-such-results\.json.*no such file/],
  ['a --profile-top that is not a count', [OK_DIR, '--profile', '--profile-top', 'ten'], /--profile-top.*ten/],
  ['an unknown isolation mode', [OK_DIR, '--isolate', 'thread'], /--isolate.*thread/],
  ['an invalid --filter regex', [OK_DIR, '--filter', '('], /--filter/],
  ['a path that does not exist', ['test/fixtures/bench/no-such-folder', ...FAST], /no-such-folder/],
  ['a folder without bench files', [empty.dir, ...FAST], /no bench files/],
  ['a --filter that matches nothing', [OK_DIR, ...FAST, '--filter', 'matches-no-benchmark'], /matches-no-benchmark/],
  ['an --args without key=values', [OK_DIR, '--args', '1000..1e6:x4'], /--args: expected key=values/],
  ['an --args range with a factor of 1', [OK_DIR, '--args', 'n=10..1000:x1'], /--args n: range "10\.\.1000:x1": the factor must be > 1/],
  ['an --args range of too many values', [OK_DIR, '--args', 'n=1..1e9:+1'], /more than 64 values/],
  ['a --probe file that is not a probe document', [OK_DIR, '--probe', 'package.json'], /--probe: package\.json is not a ubench probe document/],
];

describe('usage errors', () => {
  for (const [what, args, mentions] of USAGE_ERRORS) {
    it(`${what}: exit 2 and one line on stderr`, async () => {
      const run = await runInProcess(args, { cwd: REPO_ROOT, env: { ...process.env, NO_COLOR: '1', UBENCH_CACHE_DIR: TEST_CACHE_DIR, UBENCH_HOST_CHECK: '0' } });
      const told = `exit ${run.code}\n--- stdout\n${run.out}\n--- stderr\n${run.err}`;
      assert.equal(run.code, 2, told);
      const lines = linesOf(run.err);
      assert.equal(lines.length, 1, `exactly one line on stderr\n${told}`);
      assert.match(lines[0]!, /^ubench: \S/);
      assert.match(lines[0]!, mentions);
      assert.doesNotMatch(run.err, STACK_LINE);
      assert.equal(run.out, '', 'nothing on stdout');
    });
  }
});

describe('--help and --version', () => {
  it('--help prints the usage and exits 0', async () => {
    const run = await runCli(['--help']);
    assert.equal(run.code, 0, describeRun(run));
    assert.match(run.stdout, /^Usage: ubench/);
    for (const flag of [
      '--shard',
      'ubench merge',
      '--filter',
      '--json',
      '--time',
      '--warmup',
      '--isolate',
      '--forks',
      '--timeout',
      '--quiet',
      '--markdown',
      '--benchfmt',
      '--bmf',
      '--no-history',
      'ubench history',
      'ubench ab',
      'ubench export',
    ]) {
      assert.ok(run.stdout.includes(flag), `help mentions ${flag}`);
    }
    // The usage lines of the commands that explain name --explain and the HTML page.
    for (const command of ['compare', 'ab <fileA>', 'report']) {
      const usage = run.stdout.slice(run.stdout.indexOf(`ubench ${command}`)).split(/\n\s*ubench /)[0]!;
      assert.match(usage, /--explain\]/, `${command}: ${usage}`);
      assert.match(usage, /--html <file>/, `${command}: ${usage}`);
    }
    assert.equal(run.stderr, '');
  });

  it('--version prints the package version and exits 0', async () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    const run = await runCli(['--version']);
    assert.equal(run.code, 0, describeRun(run));
    assert.equal(run.stdout, `${pkg.version}\n`);
    assert.equal(run.stderr, '');
  });
});

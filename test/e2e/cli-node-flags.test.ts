/** End-to-end: --node-flags reaches every benchmark process and is recorded apart from ubench's own flags. */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { describeRun, FAST, linesOf, makeTempDir, readResults, runCli, STACK_LINE } from '../helpers/e2e-cli.js';

const FIXTURE = 'test/fixtures/bench/node-flags';
const temp = makeTempDir();
after(() => temp.cleanup());

describe('--node-flags', () => {
  it('passes the flags to the benchmark process and records them as the user’s, ubench’s apart', async () => {
    const jsonPath = path.join(temp.dir, 'flags.json');
    const run = await runCli([FIXTURE, ...FAST, '--node-flags', '--stack-size=2000 --max-old-space-size=300', '--json', jsonPath]);
    assert.equal(run.code, 0, describeRun(run));
    const argv = JSON.parse(/execArgv (\[.*\])/.exec(run.stderr + run.stdout)![1]!) as string[];
    assert.ok(argv.includes('--stack-size=2000') && argv.includes('--max-old-space-size=300'), argv.join(' '));
    const results = readResults(jsonPath);
    assert.deepEqual(results.settings.nodeFlags, ['--stack-size=2000', '--max-old-space-size=300']);
    assert.deepEqual(results.environment.v8Flags, ['--stack-size=2000', '--max-old-space-size=300']);
    const harness = results.environment.harnessV8Flags ?? [];
    assert.ok(harness.includes('--log-deopt'), harness.join(' '));
    assert.ok(!harness.includes('--stack-size=2000'), harness.join(' '));
  });

  it('records no user flags, and ubench’s apart, when none are given', async () => {
    const jsonPath = path.join(temp.dir, 'none.json');
    const run = await runCli([FIXTURE, ...FAST, '--json', jsonPath]);
    assert.equal(run.code, 0, describeRun(run));
    const results = readResults(jsonPath);
    assert.deepEqual(results.environment.v8Flags, []);
    assert.ok(results.environment.harnessV8Flags!.includes('--log-deopt'));
    assert.equal(results.settings.nodeFlags, undefined);
  });

  it('refuses a value that is not a flag in one line', async () => {
    const run = await runCli([FIXTURE, ...FAST, '--node-flags', 'max-old-space-size=4096']);
    assert.equal(run.code, 2, describeRun(run));
    assert.equal(linesOf(run.stderr).length, 1, describeRun(run));
    assert.match(run.stderr, /--node-flags: "max-old-space-size=4096" is not a flag \(each must start with -/);
    assert.doesNotMatch(run.stderr, STACK_LINE);
  });

  it('is listed in --help', async () => {
    const run = await runCli(['--help']);
    assert.match(run.stdout, /--node-flags "<flags>"/);
  });
});

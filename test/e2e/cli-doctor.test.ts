/**
 * End-to-end: `ubench doctor --json -` on this machine, judged by what it reports, never by how fast
 * the host is: the host-speed checks are held to a calibration the test writes (a "usual" speed no
 * machine reaches, or one every machine beats), and the rest to their shape and to each other. And a
 * run that starts on a host the doctor calls unfit says so in one line at its start.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { describeRun, FAST, linesOf, makeTempDir, runCli } from '../helpers/e2e-cli.js';
import { check, doctorDocument, writeCalibration } from '../helpers/doctor-fixture.js';

const temp = makeTempDir();
after(() => temp.cleanup());

/** A "usual" latency and throughput reading no machine reaches: 1 ns per 1,000 steps. */
const IMPOSSIBLY_FAST = [1, 0.1] as const;
/** One every machine beats: a second per 1,000 steps. */
const IMPOSSIBLY_SLOW = [1e9, 1e9] as const;

function cacheWith(name: string, usual: readonly [number, number] | null): string {
  const dir = `${temp.dir}/${name}`;
  if (usual !== null) writeCalibration(dir, usual[0], usual[1]);
  return dir;
}

const doctor = (cacheDir: string, args: string[] = []) => runCli(['doctor', '--json', '-', '--time', '300ms', ...args], { env: { UBENCH_CACHE_DIR: cacheDir } });

describe('ubench doctor', () => {
  it('against a usual speed no machine reaches: host-speed and shared-core unfit with both figures, exit 1', async () => {
    const run = await doctor(cacheWith('fast', IMPOSSIBLY_FAST));
    const doc = doctorDocument(run);
    assert.equal(doc.verdict, 'unfit');
    const speed = check(doc, 'host-speed');
    assert.equal(speed.verdict, 'unfit', speed.evidence);
    assert.match(speed.evidence, /% slower than usual: latency reference .* against its usual 1(\.000)? ns over 5 runs/);
    assert.ok((speed.data['latencyNs'] as number) > 1);
    assert.equal(check(doc, 'shared-core').verdict, 'unfit');
    assert.match(run.stderr, /^ {2}unfit +host speed against this machine's usual \(host-speed\)$/m);
  });

  it('against a usual speed every machine beats: faster than usual, and the calibration named as the cause', async () => {
    const doc = doctorDocument(await doctor(cacheWith('slow', IMPOSSIBLY_SLOW)));
    const speed = check(doc, 'host-speed');
    assert.equal(speed.verdict, 'warn', speed.evidence);
    assert.match(speed.evidence, /faster than usual/);
    assert.match(speed.advice!, /ubench calibration --reset/);
  });

  it('without a calibration: cannot tell the speed, says how to learn it, and still judges the rest', async () => {
    const run = await doctor(cacheWith('empty', null), ['--no-tools']);
    const doc = doctorDocument(run);
    for (const id of ['host-speed', 'shared-core']) {
      assert.equal(check(doc, id).verdict, 'unknown');
      assert.match(check(doc, id).evidence, /known after 3 runs \(0 so far\)/);
    }
    const load = check(doc, 'other-load');
    if (load.verdict !== 'unknown') {
      assert.ok((load.data['othersCpus'] as number) >= 0);
      assert.equal(load.data['windowMs'] !== null && (load.data['windowMs'] as number) >= 300, true, 'the window lasted at least --time');
    }
    assert.equal(check(doc, 'cpus').data['online'] !== undefined, true);
    assert.deepEqual(doc.tools, [], '--no-tools looks for none');
  });

  it('lists the runtimes it finds: the Node running it, at least', async () => {
    const doc = doctorDocument(await doctor(cacheWith('tools', null)));
    const node = doc.tools.find((t) => t.name === 'node');
    assert.equal(node?.found, true);
    assert.equal(node?.version, process.version);
    for (const t of doc.tools) assert.ok(t.found ? t.version !== null && t.path !== null : t.missing !== null, `${t.name}: version and path when found, what to install when not`);
  });

  it('refuses a bad --time and arguments it does not take (exit 2, one line)', async () => {
    for (const args of [
      ['doctor', '--time', 'soon'],
      ['doctor', 'extra'],
      ['doctor', '--time', '5m'],
    ]) {
      const run = await runCli(args);
      assert.equal(run.code, 2, describeRun(run));
      assert.equal(linesOf(run.stderr).length, 1, describeRun(run));
    }
  });
});

describe('a run on an unfit host', () => {
  const runOk = (cacheDir: string, args: string[] = []) =>
    runCli(['test/fixtures/bench/ok', ...FAST, '--quiet', '--no-history', ...args], { env: { UBENCH_CACHE_DIR: cacheDir, UBENCH_HOST_CHECK: undefined } });

  it('says so in one line at its start, then measures', async () => {
    const run = await runOk(cacheWith('run-fast', IMPOSSIBLY_FAST));
    assert.equal(run.code, 0, describeRun(run));
    const first = linesOf(run.stderr)[0] ?? '';
    assert.match(
      first,
      /^ubench: warning: this host is unfit to measure now: host-speed: \d+% slower than usual; shared-core: \d+% slower than usual.* \(ubench doctor says more; --wait-for-quiet <duration> waits for a quiet host\)$/,
    );
    assert.match(run.stdout, /quick/, 'the benchmarks were measured');
  });

  it('with --wait-for-quiet, waits up to the duration, says it gave up, and measures', async () => {
    const run = await runOk(cacheWith('run-wait', IMPOSSIBLY_FAST), ['--wait-for-quiet', '1s']);
    assert.equal(run.code, 0, describeRun(run));
    const lines = linesOf(run.stderr);
    assert.match(lines[0] ?? '', /^ubench: --wait-for-quiet: gave up after \d+\.\d s, the host still not quiet \(host-speed: .*\); measuring anyway$/);
    assert.match(lines[1] ?? '', /^ubench: warning: this host is unfit to measure now: /);
  });

  it('says nothing about the host when UBENCH_HOST_CHECK=0', async () => {
    const run = await runCli(['test/fixtures/bench/ok', ...FAST, '--quiet', '--no-history'], { env: { UBENCH_CACHE_DIR: cacheWith('run-off', IMPOSSIBLY_FAST) } });
    assert.equal(run.code, 0, describeRun(run));
    assert.doesNotMatch(run.stderr, /unfit/);
  });
});

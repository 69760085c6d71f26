/**
 * `ubench doctor` and `--wait-for-quiet` against a process hammering a CPU (a busy loop this test
 * starts). What is asserted is what is certain: the doctor's evidence shows the hog's CPU use as
 * another process's load, naming its pid; and a run waiting for a quiet host starts measuring only
 * after the hog has stopped. Whether the hog slows the host-speed references depends on whether the
 * other CPU is a thread of the same core, which this test cannot know (docs/doctor.md has the
 * figures of this machine). A quiet test: other tests' processes would read as load too.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { after, describe, it } from 'node:test';
import { check, doctorDocument } from '../helpers/doctor-fixture.js';
import { describeRun, FAST, makeTempDir, runCli, sleep, startCli } from '../helpers/e2e-cli.js';

const temp = makeTempDir();
const hogs: ChildProcess[] = [];
after(() => {
  for (const hog of hogs) hog.kill('SIGKILL');
  temp.cleanup();
});

/** A busy loop, for `ms` or until killed. */
function startHog(ms: number | null): { child: ChildProcess; exited: Promise<number> } {
  const child = spawn(process.execPath, ['-e', ms === null ? 'for (;;) {}' : `const end = Date.now() + ${ms}; while (Date.now() < end) {}`], { stdio: 'ignore' });
  hogs.push(child);
  return { child, exited: new Promise((resolve) => child.on('exit', () => resolve(performance.now()))) };
}

/** Time for a started process to be busy before the doctor reads. */
const HOG_START_MS = 300;

describe('doctor with another process hammering a CPU', () => {
  it("shows the hog's CPU use as another process's load, naming its pid; unfit on two CPUs", async () => {
    const hog = startHog(null);
    await sleep(HOG_START_MS);
    const run = await runCli(['doctor', '--json', '-', '--no-tools'], { env: { UBENCH_CACHE_DIR: `${temp.dir}/hog` } });
    hog.child.kill('SIGKILL');
    const doc = doctorDocument(run);
    const load = check(doc, 'other-load');
    const pids = load.data['topPids'] as number[];
    const cpus = load.data['topCpus'] as number[];
    const at = pids.indexOf(hog.child.pid!);
    assert.ok(at >= 0, `the hog (pid ${hog.child.pid}) is named: ${load.evidence}\n${describeRun(run)}`);
    assert.ok(cpus[at]! >= 0.5, `the hog used most of a CPU: ${load.evidence}`);
    assert.ok((load.data['othersCpus'] as number) >= 0.5, load.evidence);
    assert.notEqual(load.verdict, 'ok', load.evidence);
    if ((load.data['allowedCpus'] as number) <= 2) {
      assert.equal(load.verdict, 'unfit', load.evidence);
      assert.equal(run.code, 1);
    }
  });

  it('--wait-for-quiet starts measuring only once the hog has stopped, and says how long it waited', async () => {
    const hog = startHog(4_000);
    await sleep(HOG_START_MS);
    // No calibration: the speed checks cannot tell, so quiet is the load alone, which the hog sets.
    const started = startCli(['test/fixtures/bench/ok', ...FAST, '--quiet', '--no-history', '--wait-for-quiet', '30s'], {
      env: { UBENCH_CACHE_DIR: `${temp.dir}/wait`, UBENCH_HOST_CHECK: undefined },
    });
    let quietAt: number | null = null;
    started.child.stderr?.on('data', (text: Buffer) => {
      if (quietAt === null && text.toString().includes('the host was quiet')) quietAt = performance.now();
    });
    const [run, hogExited] = await Promise.all([started.done, hog.exited]);
    assert.equal(run.code, 0, describeRun(run));
    assert.match(run.stderr, /^ubench: --wait-for-quiet: the host was quiet after \d+\.\d s \(it had other-load: [\d.]+ CPUs? left free/m, describeRun(run));
    assert.ok(quietAt !== null && quietAt > hogExited, `measuring began after the hog stopped\n${describeRun(run)}`);
    assert.doesNotMatch(run.stderr, /gave up|unfit/);
  });
});

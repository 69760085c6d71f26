/**
 * Fault suite, files: a full disk. The results file (`--json`) lives on a small tmpfs, mounted in a
 * private mount namespace (`unshare -rm`, no privileges needed; the mount vanishes with the
 * process), sized so the first results fit and a later, larger save does not. The run must stop in
 * order: one error line naming the file and the reason, exit 1, no stack trace, and the file keeps
 * the last complete results (valid against the schema), no temp file left. An HTML export that
 * does not fit ends the same way.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CLI, FAST, REPO_ROOT, STACK_LINE, TEST_CACHE_DIR, assertValidResults, collect, describeRun, linesOf, makeTempDir } from '../helpers/e2e-cli.js';

/**
 * The tmpfs: an atomic save needs room for the previous file and the new one at once. With the
 * fixture's six benchmarks at --time 20ms a file holds about 5 KiB plus 15–21 KiB per benchmark
 * (126 KiB after all six, measured), so 80 KiB takes the saves up to two benchmarks (≤ 64 KiB
 * together) and never the full run.
 */
const RESULTS_TMPFS = '80k';
/** The HTML report of a real run is about 300 KiB: it cannot fit in 64 KiB. */
const HTML_TMPFS = '64k';

const canUnshare = spawnSync('unshare', ['-rm', 'sh', '-c', 'mkdir -p /tmp && mount -t tmpfs -o size=64k tmpfs /mnt && echo ok'], { encoding: 'utf8' }).stdout.trim() === 'ok';
const skip = canUnshare ? false : 'neither unshare -rm nor mount -t tmpfs is allowed here: no small file system to fill';

const temp = makeTempDir();
after(() => temp.cleanup());

/** Runs `node dist/cli/main.js args` with a `size` tmpfs mounted on `mountDir`, then copies what it left there to `keepDir`. */
async function runOnTmpfs(size: string, mountDir: string, keepDir: string, args: readonly string[]) {
  const quoted = [process.execPath, CLI, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const script = `mkdir -p '${mountDir}' '${keepDir}' && mount -t tmpfs -o size=${size} tmpfs '${mountDir}' && { ${quoted}; code=$?; ls -A '${mountDir}' > '${keepDir}/listing'; cp '${mountDir}'/* '${keepDir}/' 2>/dev/null; exit $code; }`;
  const child = spawn('unshare', ['-rm', 'sh', '-c', script], {
    cwd: REPO_ROOT,
    env: { ...process.env, NO_COLOR: '1', UBENCH_CACHE_DIR: TEST_CACHE_DIR, UBENCH_HOST_CHECK: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return collect(child, 90_000);
}

describe('fault suite: a full disk', { skip }, () => {
  let realResults = '';
  before(async () => {
    realResults = path.join(temp.dir, 'real.json');
    const run = await collect(
      spawn(process.execPath, [CLI, 'test/fixtures/bench/ok', ...FAST, '--no-history', '--json', realResults], {
        cwd: REPO_ROOT,
        env: { ...process.env, UBENCH_CACHE_DIR: TEST_CACHE_DIR, UBENCH_HOST_CHECK: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
      60_000,
    );
    assert.equal(run.code, 0, describeRun(run));
  });

  it('--json on a file system that fills mid-run: one error line, exit 1, the last complete results kept', async () => {
    const mount = path.join(temp.dir, 'small');
    const keep = path.join(temp.dir, 'kept');
    const target = path.join(mount, 'results.json');
    const run = await runOnTmpfs(RESULTS_TMPFS, mount, keep, ['test/fixtures/bench/ok', ...FAST, '--no-history', '--json', target]);
    assert.equal(run.code, 1, describeRun(run));
    assert.ok(!STACK_LINE.test(run.stderr) && !STACK_LINE.test(run.stdout), `no stack trace: ${describeRun(run)}`);
    const errors = linesOf(run.stderr).filter((l) => l.startsWith('ubench: ') && !l.startsWith('ubench: warning:'));
    assert.equal(errors.length, 1, describeRun(run));
    assert.match(errors[0]!, new RegExp(`^ubench: cannot write results file ${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: ENOSPC: no space left on device`));
    assert.match(errors[0]!, /the run was stopped and the file keeps the \d+ benchmark results? saved before$/);
    // What was on the file system when the run ended: the results file and nothing else (no temp file).
    assert.deepEqual(readFileSync(path.join(keep, 'listing'), 'utf8').trim().split('\n'), ['results.json']);
    const kept = JSON.parse(readFileSync(path.join(keep, 'results.json'), 'utf8')) as unknown;
    assertValidResults(kept, 'the kept results file');
    const count = kept.benchmarks.length;
    assert.ok(count >= 1 && count < 6, `the kept file holds the results saved before the disk filled (${count} of 6)`);
    assert.match(errors[0]!, new RegExp(`keeps the ${count} benchmark`));
    assert.equal(kept.complete, false);
  });

  it('an HTML export that does not fit: one error line naming the file, exit 1, no partial page', async () => {
    const mount = path.join(temp.dir, 'small-html');
    const keep = path.join(temp.dir, 'kept-html');
    const page = path.join(mount, 'report.html');
    const run = await runOnTmpfs(HTML_TMPFS, mount, keep, ['report', realResults, '--html', page]);
    assert.equal(run.code, 1, describeRun(run));
    assert.ok(!STACK_LINE.test(run.stderr), describeRun(run));
    assert.deepEqual(linesOf(run.stderr), [`ubench: cannot write file ${page}: ENOSPC: no space left on device, write`]);
    assert.equal(readFileSync(path.join(keep, 'listing'), 'utf8').trim(), '');
    assert.ok(!existsSync(path.join(keep, 'report.html')));
  });
});

/**
 * Fault: the browser killed from outside (SIGKILL to Chromium's main process) while its page
 * measures. That benchmark fails with a one-line reason naming the browser's end, the next
 * benchmarks (each its own browser, --isolate benchmark) are measured, the run ends with exit 1, no
 * stack trace, and nothing of the killed browser is left: no process, no file in the run's
 * temporary folder.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { BROWSER_RUN_ARGS, FIRST_RESULT_MS, NO_CHROMIUM } from '../helpers/browser-fault-run.js';
import { describeRun, linesOf, makeTempDir, readResults, sleep, STACK_LINE, type CliRun } from '../helpers/e2e-cli.js';
import { assertNoneLeft, benchmarksIn, procStat, startWatched } from '../helpers/watched-run.js';

const temp = makeTempDir();
after(() => temp.cleanup());

/** The run after the kill: the later benchmarks' browser starts, quiet waits and 2 s of sampling (about 5 s each here). */
const REST_OF_RUN_MS = 60_000;
/** From the page's renderer up to the kill: inside the process's run on this host, whichever phase (load, quiet wait, benchmark). */
const KILL_AFTER_MS = 1_500;
/** From ubench's exit to its last process gone: a SIGKILLed group leaves the process table in milliseconds. */
const GONE_WITHIN_MS = 5_000;

describe('the browser killed from outside during a chromium run', { skip: NO_CHROMIUM }, () => {
  it('fails that benchmark with the reason, measures the next, exits 1 without a stack trace, leaves no process', async () => {
    const json = path.join(temp.dir, 'lost.json');
    const tmp = path.join(temp.dir, 'tmp');
    mkdirSync(tmp);
    const run = startWatched([...BROWSER_RUN_ARGS, '--isolate', 'benchmark', '--json', json], { killAfterMs: FIRST_RESULT_MS + REST_OF_RUN_MS, env: { TMPDIR: tmp } });
    if (!(await run.until(() => benchmarksIn(json) >= 1, FIRST_RESULT_MS))) assert.fail(`the first benchmark was never written: ${describeRun(await run.done)}`);
    // The second benchmark's browser, once its page is up: a renderer in a browser group that was not
    // there when the first result was written. (A group that was there with little renderer CPU is the
    // first benchmark's browser on its way out: sampling may end at the host's limit after a quarter of
    // --time, and a clean-clone run picked such a group and found it gone at the kill.)
    const rendererGroups = (): Set<number> => {
      const groups = new Set<number>();
      for (const p of run.look().filter((q) => q.args.includes('--type=renderer'))) {
        const stat = procStat(p.pid);
        if (stat !== null) groups.add(stat.pgid);
      }
      return groups;
    };
    const atFirstResult = rendererGroups();
    let victim: number | null = null;
    const up = await run.until(() => {
      for (const group of rendererGroups()) if (!atFirstResult.has(group)) victim = group;
      return victim !== null;
    }, FIRST_RESULT_MS);
    if (!up || victim === null) assert.fail(`the second benchmark's browser was never seen: ${describeRun(await run.done)}`);
    // Into the page's quiet wait or its benchmark (the wait took 1.2–1.4 s here, the benchmark 2.2 s after it).
    await sleep(KILL_AFTER_MS);
    process.kill(victim, 'SIGKILL');
    const result: CliRun = await run.done;
    assert.equal(result.code, 1, describeRun(result));
    assert.doesNotMatch(result.stderr, STACK_LINE, describeRun(result));
    const results = readResults(json);
    // Killed in its benchmark, the second benchmark fails with the reason; killed before the page
    // declared its benchmark (a slow start), the process fails as the file's load error with the
    // same reason. Either way the later benchmarks, each in a browser of its own, are measured.
    const REASON = 'the browser exited (signal SIGKILL)';
    const rows = results.benchmarks.map((b) => [b.name, b.status, b.error?.message ?? null]);
    const failedRows = rows.filter((row) => row[1] !== 'ok');
    const loadErrors = results.fileErrors.map((f) => f.error.message);
    assert.deepEqual([...failedRows.map((row) => row[2]), ...loadErrors], [REASON], describeRun(result));
    assert.deepEqual(
      rows.filter((row) => row[1] === 'ok').map((row) => row[0]),
      ['marker length', 'array sum', 'template length'],
      describeRun(result),
    );
    assert.equal(linesOf(result.stdout + result.stderr).filter((line) => line.includes(REASON)).length >= 1, true, 'the reason is printed');
    await assertNoneLeft([...run.seen.values()], GONE_WITHIN_MS);
    assert.deepEqual(readdirSync(tmp), [], 'left in its temporary folder');
  });
});

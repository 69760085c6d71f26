/**
 * Fault: the browser killed from outside (SIGKILL to Chromium's main process) while its page
 * measures. That benchmark fails with a one-line reason naming the browser's end, the next
 * benchmarks (each its own browser, --isolate benchmark) are measured, the run ends with exit 1, no
 * stack trace, and nothing of the killed browser is left.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { BROWSER_RUN_ARGS, FIRST_RESULT_MS, NO_CHROMIUM } from '../helpers/browser-fault-run.js';
import { describeRun, linesOf, makeTempDir, readResults, sleep, STACK_LINE, type CliRun } from '../helpers/e2e-cli.js';
import { assertNoneLeft, benchmarksIn, procStat, startWatched } from '../helpers/watched-run.js';

const temp = makeTempDir();
after(() => temp.cleanup());

/** The run after the kill: the later benchmarks' browser starts, quiet waits and 2 s of sampling (about 5 s each here). */
const REST_OF_RUN_MS = 60_000;
/**
 * Renderer CPU time (10 ms ticks) a page that measured has spent: load, compile and quiet wait took
 * 0.60–0.64 s of it here, the benchmark's 0.2 s warm-up and 2 s of sampling took it to 1.97–2.19 s.
 */
const MEASURED_TICKS = 120;
/** From the page's renderer up to the kill: inside the process's run on this host, whichever phase (load, quiet wait, benchmark). */
const KILL_AFTER_MS = 1_500;
/** From ubench's exit to its last process gone: a SIGKILLed group leaves the process table in milliseconds. */
const GONE_WITHIN_MS = 5_000;

describe('the browser killed from outside during a chromium run', { skip: NO_CHROMIUM }, () => {
  it('fails that benchmark with the reason, measures the next, exits 1 without a stack trace, leaves no process', async () => {
    const json = path.join(temp.dir, 'lost.json');
    const run = startWatched([...BROWSER_RUN_ARGS, '--isolate', 'benchmark', '--json', json], { killAfterMs: FIRST_RESULT_MS + REST_OF_RUN_MS });
    if (!(await run.until(() => benchmarksIn(json) >= 1, FIRST_RESULT_MS))) assert.fail(`the first benchmark was never written: ${describeRun(await run.done)}`);
    // The second benchmark's browser, once its page is up: a renderer in a browser group other than the
    // first benchmark's (its renderer had done MEASURED_TICKS of work when its result was written).
    const renderersByGroup = (): Map<number, number> => {
      const groups = new Map<number, number>();
      for (const p of run.look().filter((q) => q.args.includes('--type=renderer'))) {
        const stat = procStat(p.pid);
        if (stat !== null) groups.set(stat.pgid, Math.max(groups.get(stat.pgid) ?? 0, stat.cpuTicks));
      }
      return groups;
    };
    const atFirstResult = renderersByGroup();
    let victim: number | null = null;
    const up = await run.until(() => {
      for (const group of renderersByGroup().keys()) if ((atFirstResult.get(group) ?? 0) < MEASURED_TICKS) victim = group;
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
  });
});

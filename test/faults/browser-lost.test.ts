/**
 * Fault: the browser killed from outside (SIGKILL to Chromium's main process) while its page
 * measures. That benchmark fails with a one-line reason naming the browser's end, the next
 * benchmark (its own browser, --isolate benchmark) is measured, the run ends with exit 1, no
 * stack trace, and nothing of the killed browser is left.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { BROWSER_RUN_ARGS, FIRST_RESULT_MS, NO_CHROMIUM } from '../helpers/browser-fault-run.js';
import { describeRun, makeTempDir, readResults, STACK_LINE, type CliRun } from '../helpers/e2e-cli.js';
import { assertNoneLeft, benchmarksIn, isBrowserMain, procStat, startWatched } from '../helpers/watched-run.js';

const temp = makeTempDir();
after(() => temp.cleanup());

/** The run after the kill: the third benchmark's browser start, quiet wait and 2 s of sampling (about 5 s here). */
const REST_OF_RUN_MS = 60_000;
/** The watcher looks every 25 ms; a benchmark keeps its renderer on a core, the quiet wait keeps the whole browser under a quarter of one. */
const BUSY_TICKS = 2;
/** 20 looks (about 0.5 s) of a renderer at work: longer than a page's load and compile, which the quiet wait comes after. */
const MEASURING_WINDOWS = 20;
/** From ubench's exit to its last process gone: a SIGKILLed group leaves the process table in milliseconds. */
const GONE_WITHIN_MS = 5_000;

describe('the browser killed from outside during a chromium run', { skip: NO_CHROMIUM }, () => {
  it('fails that benchmark with the reason, measures the next, exits 1 without a stack trace, leaves no process', async () => {
    const json = path.join(temp.dir, 'lost.json');
    const run = startWatched([...BROWSER_RUN_ARGS, '--isolate', 'benchmark', '--json', json], { killAfterMs: FIRST_RESULT_MS + REST_OF_RUN_MS });
    if (!(await run.until(() => benchmarksIn(json) >= 1, FIRST_RESULT_MS))) assert.fail(`the first benchmark was never written: ${describeRun(await run.done)}`);
    // The browser now measuring the second benchmark (the latest started; the first's may still be closing), once its page is up
    // (a renderer runs in its group): the kill lands in the benchmark, not in the launch.
    let victim: number | null = null;
    const found = await run.until(() => {
      const now = run.look();
      const latest = now
        .filter(isBrowserMain)
        .map((p) => ({ pid: p.pid, stat: procStat(p.pid) }))
        .filter((b) => b.stat !== null && b.stat.state !== 'Z')
        .sort((a, b) => b.stat!.startTicks - a.stat!.startTicks)[0];
      const rendering = latest !== undefined && now.some((p) => p.args.includes('--type=renderer') && procStat(p.pid)?.pgid === latest.pid);
      victim = rendering ? latest.pid : null;
      return victim !== null;
    }, FIRST_RESULT_MS);
    if (!found || victim === null) assert.fail(`the second benchmark's browser was never seen: ${describeRun(await run.done)}`);
    // The page waits for a quiet browser, then declares its benchmark and measures: a renderer of the
    // group busy through MEASURING_WINDOWS windows in a row says the benchmark is under way.
    const renderers = (): number[] => [...run.look()].filter((p) => p.args.includes('--type=renderer') && procStat(p.pid)?.pgid === victim).map((p) => p.pid);
    let busyWindows = 0;
    let last = new Map(renderers().map((pid) => [pid, procStat(pid)?.cpuTicks ?? 0]));
    const measuring = await run.until(() => {
      const now = new Map(renderers().map((pid) => [pid, procStat(pid)?.cpuTicks ?? 0]));
      const busiest = Math.max(0, ...[...now].map(([pid, ticks]) => ticks - (last.get(pid) ?? ticks)));
      last = now;
      busyWindows = busiest >= BUSY_TICKS ? busyWindows + 1 : 0;
      return busyWindows >= MEASURING_WINDOWS;
    }, FIRST_RESULT_MS);
    if (!measuring) assert.fail(`the second benchmark never ran: ${describeRun(await run.done)}`);
    process.kill(victim, 'SIGKILL');
    const result: CliRun = await run.done;
    assert.equal(result.code, 1, describeRun(result));
    assert.doesNotMatch(result.stderr, STACK_LINE, describeRun(result));
    const results = readResults(json);
    const rows = results.benchmarks.map((b) => [b.name, b.status, b.error?.message ?? null]);
    assert.deepEqual(
      rows,
      [
        ['marker length', 'ok', null],
        ['string concat', 'error', 'the browser exited (signal SIGKILL)'],
        ['array sum', 'ok', null],
      ],
      describeRun(result),
    );
    assert.match(result.stdout + result.stderr, /the browser exited \(signal SIGKILL\)/);
    await assertNoneLeft([...run.seen.values()], GONE_WITHIN_MS);
  });
});

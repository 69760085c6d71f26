/**
 * Fault: SIGTERM, SIGINT and SIGHUP to ubench while a Chromium page measures. Each ends the run
 * promptly with 128 + the signal's number, keeps the benchmark measured before it in a valid
 * results file, and leaves no process of the run (browser, renderers, helpers) behind, nor a file
 * in its temporary folder (a killed Chromium left its single-instance folder there).
 * Before the browser ran over a pipe with playwright's own signal handlers off, a SIGTERM left
 * ubench and its browser running 60 s later.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { BROWSER_RUN_ARGS, FIRST_RESULT_MS, NO_CHROMIUM } from '../helpers/browser-fault-run.js';
import { describeRun, makeTempDir, readResults, sleep, type CliRun } from '../helpers/e2e-cli.js';
import { assertNoneLeft, benchmarksIn, isBrowserMain, startWatched } from '../helpers/watched-run.js';

const temp = makeTempDir();
after(() => temp.cleanup());

/** From the signal to ubench's exit: it kills its browser's process group and writes one file (took well under 1 s here). */
const EXIT_WITHIN_MS = 15_000;
/** From ubench's exit to its last process gone: a SIGKILLed group leaves the process table in milliseconds. */
const GONE_WITHIN_MS = 5_000;

const CASES = [
  ['SIGTERM', 143],
  ['SIGINT', 130],
  ['SIGHUP', 129],
] as const;

describe('a signal to ubench during a chromium run', { skip: NO_CHROMIUM }, () => {
  for (const [signal, code] of CASES) {
    it(`${signal}: exits ${code} within ${EXIT_WITHIN_MS / 1000} s, keeps the first benchmark, leaves no process`, async () => {
      const json = path.join(temp.dir, `${signal}.json`);
      const tmp = path.join(temp.dir, `${signal}-tmp`);
      mkdirSync(tmp);
      const run = startWatched([...BROWSER_RUN_ARGS, '--json', json], { killAfterMs: FIRST_RESULT_MS + EXIT_WITHIN_MS, env: { TMPDIR: tmp } });
      const measuring = await run.until(() => benchmarksIn(json) >= 1, FIRST_RESULT_MS);
      if (!measuring) assert.fail(`the first benchmark was never written: ${describeRun(await run.done)}`);
      const browsers = run.look().filter(isBrowserMain);
      assert.ok(browsers.length > 0, 'a browser is up while the second benchmark runs');
      const sent = Date.now();
      run.child.kill(signal);
      const ended = await Promise.race([run.done, sleep(EXIT_WITHIN_MS).then(() => null)]);
      const took = Date.now() - sent;
      if (ended === null) run.child.kill('SIGKILL');
      const result: CliRun = ended ?? (await run.done);
      assert.ok(ended !== null, `still running ${EXIT_WITHIN_MS / 1000} s after ${signal}: ${describeRun(result)}`);
      assert.equal(result.code, code, describeRun(result));
      const results = readResults(json);
      assert.equal(results.complete, false);
      assert.ok(results.benchmarks.length >= 1, 'the benchmark measured before the signal is kept');
      assert.equal(results.benchmarks[0]!.status, 'ok', JSON.stringify(results.benchmarks[0]!.error));
      await assertNoneLeft([...run.seen.values()], GONE_WITHIN_MS);
      assert.deepEqual(readdirSync(tmp), [], 'left in its temporary folder');
      assert.ok(took < EXIT_WITHIN_MS, `took ${took} ms`);
    });
  }
});

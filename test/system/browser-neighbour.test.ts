/**
 * Fault: a local neighbour during a chromium run. A separate process without ubench's secrets —
 * another uid (nobody, through setpriv) where this test runs as root, else a plain process —
 * asks every TCP port that opened on loopback during the run what one would ask a browser's
 * DevTools endpoint or a page server. Nothing answers with the bench code, a DevTools answer or a
 * WebSocket; the run's own ports answer a bare 404 to all of it; no browser process listens on TCP.
 *
 * This test can fail: with the browser started by playwright's launchServer (before the browser ran
 * over a pipe), its WebSocket server answered `GET /json` on loopback with `{"wsEndpointPath": ...}`,
 * and the page server answered `GET /bundle.js` with the bench code, to anyone.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { BROWSER_RUN_ARGS, FIRST_RESULT_MS, MARKER, NO_CHROMIUM } from '../helpers/browser-fault-run.js';
import { describeRun, makeTempDir, readResults, REPO_ROOT } from '../helpers/e2e-cli.js';
import { benchmarksIn, listeningPorts, portsOf, startWatched } from '../helpers/watched-run.js';

const temp = makeTempDir();
after(() => temp.cleanup());

const PROBE = readFileSync(path.join(REPO_ROOT, 'test/helpers/loopback-probe.mjs'), 'utf8');
/** nobody: an account with no access to root's processes or files. */
const NOBODY = 65534;
const AS_NOBODY = process.getuid?.() === 0 && existsSync('/usr/bin/setpriv');
/** The probe asks a handful of ports ten questions each, 1.5 s at most per question. */
const PROBE_TIMEOUT_MS = 60_000;
/** What a DevTools endpoint (a browser's or playwright's) says of itself. */
const DEVTOOLS = /webSocketDebuggerUrl|wsEndpointPath|devtoolsFrontendUrl|"Browser"\s*:|Protocol-Version|V8-Version/i;

interface Answer {
  what: string;
  status: number | null;
  body: string;
}

describe('a neighbour probing loopback during a chromium run', { skip: NO_CHROMIUM }, () => {
  it(`reaches neither the browser nor the page server (probe ${AS_NOBODY ? 'as uid 65534' : 'as a plain separate process'})`, async () => {
    const before = listeningPorts();
    const json = path.join(temp.dir, 'neighbour.json');
    const run = startWatched([...BROWSER_RUN_ARGS, '--json', json], { killAfterMs: 2 * FIRST_RESULT_MS });
    // The first benchmark written: the second's page is up and measuring.
    if (!(await run.until(() => benchmarksIn(json) >= 1, FIRST_RESULT_MS))) assert.fail(`the first benchmark was never written: ${describeRun(await run.done)}`);
    const processes = run.look();
    const owned = portsOf([run.child.pid!, ...processes.map((p) => p.pid)]);
    const ours = new Set([...owned.values()].flat());
    const browserPorts = processes.filter((p) => /chrom(e|ium)/.test(p.args)).flatMap((p) => owned.get(p.pid) ?? []);

    const command = AS_NOBODY ? ['/usr/bin/setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', process.execPath] : [process.execPath];
    const probe = spawnSync(command[0]!, [...command.slice(1), '--input-type=module', '-', ...[...before].map(String)], {
      input: PROBE,
      encoding: 'utf8',
      timeout: PROBE_TIMEOUT_MS,
      cwd: '/',
    });
    const result = await run.done;
    assert.equal(probe.status, 0, `probe failed: ${probe.stderr}`);
    const report = JSON.parse(probe.stdout) as { uid: number | null; ports: { port: number; answers: Answer[] }[] };
    if (AS_NOBODY) assert.equal(report.uid, NOBODY);

    assert.deepEqual(browserPorts, [], 'the browser listens on no TCP port');
    assert.ok(ours.size > 0, 'the page server listens while the page runs');
    const probed = new Map(report.ports.map((p) => [p.port, p.answers]));
    for (const port of ours) {
      const answers = probed.get(port);
      assert.ok(answers !== undefined, `the probe found the run's port ${port} (it found ${[...probed.keys()].join(', ')})`);
      for (const a of answers) assert.deepEqual([a.what, a.status, a.body], [a.what, 404, ''], `port ${port} of the run answered a neighbour`);
    }
    for (const { port, answers } of report.ports) {
      for (const a of answers) {
        assert.notEqual(a.status, 101, `port ${port}: ${a.what} opened a WebSocket`);
        assert.ok(!a.body.includes(MARKER), `port ${port}: ${a.what} served the bench code`);
        assert.doesNotMatch(a.body, DEVTOOLS, `port ${port}: ${a.what} answered as DevTools`);
      }
    }

    // The page itself still finds its bundle and its log under the prefix: the run measured everything.
    assert.equal(result.code, 0, describeRun(result));
    const results = readResults(json);
    assert.deepEqual(
      results.benchmarks.map((b) => b.status),
      ['ok', 'ok', 'ok', 'ok'],
    );
  });
});

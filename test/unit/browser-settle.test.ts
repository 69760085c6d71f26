/**
 * The wait for a quiet browser, on a fake clock and a scripted CPU counter: it ends after two quiet
 * windows in a row, never before, stops at the cap when the browser stays busy, waits blind where
 * /proc is missing; and the /proc reading sums the process group's user and system times.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { FIXED_SETTLE_MS, processGroupCpuMs, SETTLE_CAP_MS, SETTLE_WINDOW_MS, waitForQuietBrowser, type SettleDeps } from '../../src/runner/runtimes/browser-settle.js';

/** A browser using `shares[i]` of a core in window i (the last share repeats), on a fake clock. */
function scripted(shares: readonly number[]): SettleDeps & { windows: () => number } {
  let clock = 0;
  let cpu = 0;
  let window = 0;
  return {
    cpuMs: () => cpu,
    now: () => clock,
    sleep: async (ms) => {
      cpu += ms * shares[Math.min(window, shares.length - 1)]!;
      clock += ms;
      window++;
    },
    windows: () => window,
  };
}

describe('waitForQuietBrowser', () => {
  it('waits through the start-up burst and ends after two quiet windows in a row', async () => {
    // As measured: 90–190% for ~1.4 s, one quiet window between two phases, then idle.
    const deps = scripted([1.9, 1.65, 1.7, 1.5, 0.05, 1.1, 1.2, 0.1, 0.0, 0.0]);
    const outcome = await waitForQuietBrowser(deps);
    assert.deepEqual(outcome, { method: 'proc', quiet: true, waitedMs: 9 * SETTLE_WINDOW_MS });
  });

  it('ends after two windows on a browser that is already quiet', async () => {
    const outcome = await waitForQuietBrowser(scripted([0.05]));
    assert.deepEqual(outcome, { method: 'proc', quiet: true, waitedMs: 2 * SETTLE_WINDOW_MS });
  });

  it('gives up at the cap when the browser stays busy', async () => {
    const deps = scripted([1.0]);
    const outcome = await waitForQuietBrowser(deps);
    assert.equal(outcome.quiet, false);
    assert.equal(outcome.waitedMs, SETTLE_CAP_MS);
    assert.equal(deps.windows(), SETTLE_CAP_MS / SETTLE_WINDOW_MS);
  });

  it('waits a fixed time where the CPU use cannot be read', async () => {
    const deps = { ...scripted([0]), cpuMs: () => null };
    assert.deepEqual(await waitForQuietBrowser(deps), { method: 'fixed', quiet: false, waitedMs: FIXED_SETTLE_MS });
  });
});

describe('processGroupCpuMs', () => {
  it("sums user and system ticks of the group's processes, at 100 ticks per second", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'ubench-proc-'));
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
    const stat = (pid: number, comm: string, pgrp: number, utime: number, stime: number) => `${pid} (${comm}) S 1 ${pgrp} ${pgrp} 0 -1 0 0 0 0 0 ${utime} ${stime} 0 0 20 0 1 0`;
    const proc = (pid: number, text: string) => {
      mkdirSync(path.join(root, String(pid)));
      writeFileSync(path.join(root, String(pid), 'stat'), text);
    };
    proc(100, stat(100, 'chromium', 100, 50, 10));
    proc(101, stat(101, 'chromium (renderer) x', 100, 30, 5)); // a name with spaces and parentheses
    proc(200, stat(200, 'node', 200, 999, 999)); // another group
    mkdirSync(path.join(root, 'self'));
    assert.equal(processGroupCpuMs(100, root), 950);
    assert.equal(processGroupCpuMs(300, root), 0);
    assert.equal(processGroupCpuMs(100, path.join(root, 'missing')), null);
  });
});

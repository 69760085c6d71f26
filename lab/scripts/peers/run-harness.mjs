// One harness process of the peers figures (lab/scripts/peers-figures.mjs): started with a time limit and
// an output limit, timed from start to exit, and read by the harness's reader. Whatever the process
// does — exits non-zero, prints garbage, hangs, is killed — the answer is a record, never a throw:
// `{ run, harness, ok, reason?, wallSeconds, estimates, ownFloorNs?, overall?, phases? }`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MAX_OUTPUT_BYTES, ROOT } from './harnesses.mjs';

/** A harness process still running after this is stopped: the slowest measured here (ubench, the eight workloads, a host at load 5–6 on 2 cores) took 25 s; this is 12× that. */
export const PROCESS_TIMEOUT_MS = 300_000;

/** Text from a child process made safe for one Markdown table cell. */
export const clean = (text) =>
  String(text)
    .replace(/[\u0000-\u001f\u007f|`<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 160);

export function runHarness(harness, run, scratch, timeoutMs = PROCESS_TIMEOUT_MS) {
  const resultsFile = path.join(scratch, `${harness.id}-${run}.json`);
  const started = performance.now();
  const child = spawnSync(process.execPath, harness.argv(resultsFile), {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: MAX_OUTPUT_BYTES,
    timeout: timeoutMs,
    env: { ...process.env, NO_COLOR: '1' },
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const base = { run, harness: harness.id, wallSeconds, estimates: new Map() };
  if (child.error !== undefined) {
    return { ...base, ok: false, reason: clean(child.error.code === 'ETIMEDOUT' ? `timed out after ${timeoutMs / 1000} s` : child.error.message) };
  }
  if (child.signal !== null) return { ...base, ok: false, reason: clean(`killed by ${child.signal}`) };
  try {
    const text = harness.readsResultsFile ? (existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '') : child.stdout;
    const { estimates, overall, phases, ownFloorNs } = harness.read(text);
    if (estimates.size === 0) throw new Error('no workload measured');
    return {
      ...base,
      ok: true,
      estimates,
      ownFloorNs,
      ...(overall === undefined ? {} : { overall }),
      ...(phases === undefined ? {} : { phases }),
      ...(child.status === 0 ? {} : { exitStatus: child.status }),
    };
  } catch (error) {
    const tail = `${child.stderr ?? ''}`.trim().split('\n').pop() ?? '';
    return { ...base, ok: false, reason: clean(`exit ${child.status}: ${error.message}${tail ? ` (${tail})` : ''}`) };
  }
}

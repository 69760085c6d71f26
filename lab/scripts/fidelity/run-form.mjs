// One ubench run of some bench files as a user would start it (the built CLI, in the form's folder),
// returning the results document; a failed run throws with its output.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './forms.mjs';

const CLI = path.join(ROOT, 'dist/cli/main.js');

/** `node`: the Node that runs ubench (and so every benchmark process); `env`: added to the environment. */
export function runUbench(cwd, args, { node = process.execPath, env = {} } = {}) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'ubench-fidelity-run-'));
  const json = path.join(scratch, 'results.json');
  try {
    const started = process.hrtime.bigint();
    const run = spawnSync(node, [CLI, ...args, '--json', json, '--no-history', '--quiet', '--no-color'], { cwd, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 << 20 });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (run.status !== 0) throw new Error(`ubench ${args.join(' ')} in ${cwd} exited ${run.status}:\n${run.stdout}${run.stderr}`);
    return { results: JSON.parse(readFileSync(json, 'utf8')), seconds };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * A small git repository made at test time (no nested .git is committed): a package with `ubench`
 * linked into its node_modules (ignored by git), a module of work and bench files importing it.
 * Tests change the working tree after the commit to get a B that differs from A.
 */
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './e2e-cli.js';

/** Runs git in `cwd` with a fixed identity (no user config needed); fails the test when git fails. */
export function gitIn(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', ['-c', 'user.name=ubench test', '-c', 'user.email=test@ubench.invalid', '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, `git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** A module doing `steps` multiply-adds per call: the bench's cost is set by the working tree's copy. */
export function workModule(steps: number): string {
  return `export const STEPS = ${steps};
export function work(data: Float64Array, start: number): number {
  let total = 0;
  for (let i = 0; i < STEPS; i++) total += data[(start + i) & 1023]! * i;
  return total;
}
`;
}

export const WORK_BENCH = `import { bench } from 'ubench';
import { work } from '../lib/work';

const data = Float64Array.from({ length: 1024 }, (_, i) => Math.sin(i));
let offset = 0;
bench('work', () => work(data, offset++ & 511));
`;

export const OTHER_BENCH = `import { bench } from 'ubench';
let n = 0;
bench('other', () => (n = (n * 31 + 7) | 0));
`;

/** Writes files (relative path → text) under `dir`. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

/** A repository in `dir` whose last commit holds `files` on top of a package.json, a lockfile and .gitignore. */
export function gitRepository(dir: string, files: Record<string, string>): string {
  writeFiles(dir, {
    'package.json': `${JSON.stringify({ name: 'ab-fixture', version: '1.0.0', type: 'module', private: true })}\n`,
    'package-lock.json': `${JSON.stringify({ name: 'ab-fixture', version: '1.0.0', lockfileVersion: 3, requires: true, packages: { '': { name: 'ab-fixture', version: '1.0.0' } } }, null, 2)}\n`,
    '.gitignore': 'node_modules\n',
    ...files,
  });
  mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  symlinkSync(REPO_ROOT, path.join(dir, 'node_modules/ubench'), 'dir');
  gitIn(dir, 'init', '-q');
  gitIn(dir, 'add', '-A');
  gitIn(dir, 'commit', '-q', '-m', 'fixture');
  return dir;
}

#!/usr/bin/env node
/**
 * Installs the vitest fixture project (test/fixtures/vitest-project: vitest 5.1.1, a Node 22 from
 * npm to run it, ubench linked from this checkout) with `npm ci` when its node_modules is missing or
 * its package-lock.json changed since the last install (a hash of the lockfile is kept inside
 * node_modules). Run by the vitest e2e test's before hook; also runnable alone.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURE_DIR = fileURLToPath(new URL('../test/fixtures/vitest-project/', import.meta.url));
const STAMP = path.join(FIXTURE_DIR, 'node_modules', '.ubench-lock-hash');

/** Installs when needed; returns whether it ran npm ci. */
export function installVitestFixture() {
  const lock = readFileSync(path.join(FIXTURE_DIR, 'package-lock.json'));
  const hash = createHash('sha256').update(lock).digest('hex');
  const nodeBin = path.join(FIXTURE_DIR, 'node_modules', '.bin', 'node');
  if (existsSync(nodeBin) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash) return false;
  // Scripts off, then the node package's own: ubench is a `file:` dependency, and npm ran its
  // `prepare` (a rebuild of dist/) while other test files loaded dist/ (a browser run read a
  // half-written source map in a clean-clone test run).
  const quiet = { cwd: FIXTURE_DIR, stdio: ['ignore', 'inherit', 'inherit'] };
  execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], quiet);
  execFileSync('npm', ['rebuild', 'node', '--no-audit', '--no-fund', '--loglevel=error'], quiet);
  writeFileSync(STAMP, hash);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(installVitestFixture() ? 'vitest fixture installed' : 'vitest fixture up to date');
}

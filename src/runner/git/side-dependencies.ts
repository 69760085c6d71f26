/**
 * The dependencies of a checked-out revision. When its lockfiles are byte-equal to the working
 * tree's, it gets the working tree's `node_modules` as a symlink in its root (Node resolves a bare
 * import by walking up to `<root>/node_modules`, and follows the link); otherwise its own are
 * installed from its lockfile with the matching client, and the time that took is said. A project
 * without a package.json installs nothing. Only the root's `node_modules` is linked (a limit: a
 * workspace package's own `node_modules` is not).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { oneLineMessage } from '../../results/text/one-line-message.js';
import { UsageError } from '../usage-error.js';

/** A lockfile and the command that installs exactly what it pins, in the order a project is looked at. */
export const LOCKFILE_CLIENTS: readonly { lockfile: string; command: string; args: readonly string[] }[] = [
  { lockfile: 'package-lock.json', command: 'npm', args: ['ci'] },
  { lockfile: 'npm-shrinkwrap.json', command: 'npm', args: ['ci'] },
  { lockfile: 'pnpm-lock.yaml', command: 'pnpm', args: ['install', '--frozen-lockfile'] },
  { lockfile: 'yarn.lock', command: 'yarn', args: ['install', '--frozen-lockfile'] },
  { lockfile: 'bun.lock', command: 'bun', args: ['install', '--frozen-lockfile'] },
  { lockfile: 'bun.lockb', command: 'bun', args: ['install', '--frozen-lockfile'] },
];

/** What a checkout's dependencies will be. */
export type DependencyPlan = { kind: 'none'; reason: string } | { kind: 'link'; target: string; reason: string } | { kind: 'install'; command: string; args: readonly string[]; reason: string };

function readOrNull(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

function sameBytes(a: Buffer | null, b: Buffer | null): boolean {
  return a === null || b === null ? a === b : a.equals(b);
}

/** Decides, from the files alone, how `checkout` gets its dependencies given the working tree at `workingRoot`. */
export function planDependencies(checkout: string, workingRoot: string): DependencyPlan {
  if (!existsSync(path.join(checkout, 'package.json'))) return { kind: 'none', reason: 'no package.json' };
  const differing = LOCKFILE_CLIENTS.filter((c) => !sameBytes(readOrNull(path.join(checkout, c.lockfile)), readOrNull(path.join(workingRoot, c.lockfile))));
  const own = LOCKFILE_CLIENTS.find((c) => existsSync(path.join(checkout, c.lockfile)));
  const modules = path.join(workingRoot, 'node_modules');
  if (differing.length === 0 && own !== undefined) {
    return existsSync(modules)
      ? { kind: 'link', target: modules, reason: `${own.lockfile} identical to the working tree's: its node_modules linked` }
      : { kind: 'none', reason: `${own.lockfile} identical to the working tree's, which has no node_modules` };
  }
  if (own !== undefined) return { kind: 'install', command: own.command, args: own.args, reason: `${differing.map((c) => c.lockfile).join(', ')} differ from the working tree's` };
  // No lockfile: a package.json byte-equal to the working tree's names the same dependencies.
  if (sameBytes(readOrNull(path.join(checkout, 'package.json')), readOrNull(path.join(workingRoot, 'package.json')))) {
    return existsSync(modules)
      ? { kind: 'link', target: modules, reason: "no lockfile, package.json identical to the working tree's: its node_modules linked" }
      : { kind: 'none', reason: 'no lockfile and no node_modules' };
  }
  return { kind: 'install', command: 'npm', args: ['install', '--no-audit', '--no-fund'], reason: "no lockfile and package.json differs from the working tree's" };
}

/** Runs an install in `cwd` with its output passed through to stderr; rejects on failure. */
function install(command: string, args: readonly string[], cwd: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args], { cwd, stdio: ['ignore', 'inherit', 'inherit'], ...(signal === undefined ? {} : { signal }) });
    child.on('error', reject);
    child.on('close', (code, killedBy) => (code === 0 ? resolve() : reject(new Error(killedBy !== null ? `ended by ${killedBy}` : `exit ${String(code)}`))));
  });
}

/**
 * Gives `checkout` its dependencies by `plan` and says how, in one line for the report
 * (`dependencies: installed with npm ci in 12.4 s (package-lock.json differ…)`).
 */
export async function provideDependencies(checkout: string, plan: DependencyPlan, now: () => number, signal?: AbortSignal): Promise<string> {
  if (plan.kind === 'none') return `dependencies: none to provide (${plan.reason})`;
  if (plan.kind === 'link') {
    if (!existsSync(path.join(checkout, 'node_modules'))) symlinkSync(plan.target, path.join(checkout, 'node_modules'), 'dir');
    return `dependencies: the working tree's (${plan.reason})`;
  }
  const started = now();
  const line = [plan.command, ...plan.args].join(' ');
  try {
    await install(plan.command, plan.args, checkout, signal);
  } catch (error) {
    throw new UsageError(`ab: installing the dependencies of ${checkout} with ${line} failed: ${oneLineMessage(error)}; nothing was measured`);
  }
  return `dependencies: installed with ${line} in ${((now() - started) / 1000).toFixed(1)} s (${plan.reason})`;
}
